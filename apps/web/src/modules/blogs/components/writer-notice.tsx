import { Alert } from '@mantine/core';
import { BLOG_MESSAGES, MODEL_SETUP, OFFLINE_DRAFT_TITLE, type TWriterKind } from '@sales-assist/contract';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { AdminSetupHint } from '../../../ui/admin-setup-hint';

/**
 * Said plainly when no model wrote the piece: it is an outline to complete (the user's own sentences and
 * "Write here:" notes), and how to turn AI writing on.
 */
export const WriterNotice = ({ writer }: { writer: TWriterKind | undefined }) =>
  writer === 'offline' ? (
    <Alert
      variant="light"
      color="yellow"
      radius="lg"
      icon={<IconPlugConnectedX />}
      title={OFFLINE_DRAFT_TITLE}
    >
      {BLOG_MESSAGES.offlineLabel}
      <AdminSetupHint hint={MODEL_SETUP.writingAdminHint} />
    </Alert>
  ) : null;

/** The badge on a post written by the offline writer (never called AI). */
export const WRITER_BADGES = { offline: 'Offline draft', llm: 'AI model' } as const;
