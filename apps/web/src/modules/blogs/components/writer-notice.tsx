import { Alert } from '@mantine/core';
import { BLOG_MESSAGES, MODEL_SETUP, type TWriterKind } from '@sales-assist/contract';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { AdminSetupHint } from '../../../ui/admin-setup-hint';

/** Said plainly when the offline writer writes: its drafts are composed, not written by an AI model. */
export const WriterNotice = ({ writer }: { writer: TWriterKind | undefined }) =>
  writer === 'offline' ? (
    <Alert variant="light" color="yellow" radius="lg" icon={<IconPlugConnectedX />} title="Offline writer">
      {BLOG_MESSAGES.offlineLabel}
      <AdminSetupHint hint={MODEL_SETUP.writingAdminHint} />
    </Alert>
  ) : null;

/** The badge on a post written by the offline writer (never called AI). */
export const WRITER_BADGES = { offline: 'Offline draft', llm: 'AI model' } as const;
