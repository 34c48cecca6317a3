import { Alert } from '@mantine/core';
import { LINKEDIN_POST_MESSAGES, MODEL_SETUP, OFFLINE_DRAFT_TITLE } from '@sales-assist/contract';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { AdminSetupHint } from '../../../ui/admin-setup-hint';

/**
 * Said plainly when no model wrote the posts: they are drafts to complete (the user's own sentences and
 * "Write here:" notes), and how to turn AI writing on.
 */
export const OfflineNotice = ({ writer }: { writer: 'llm' | 'offline' | null | undefined }) =>
  writer === 'offline' ? (
    <Alert
      variant="light"
      color="yellow"
      radius="lg"
      icon={<IconPlugConnectedX />}
      title={OFFLINE_DRAFT_TITLE}
    >
      {LINKEDIN_POST_MESSAGES.offlineLabel}
      <AdminSetupHint hint={MODEL_SETUP.writingAdminHint} />
    </Alert>
  ) : null;
