import { Alert } from '@mantine/core';
import { LINKEDIN_POST_MESSAGES, MODEL_SETUP } from '@sales-assist/contract';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { AdminSetupHint } from '../../../ui/admin-setup-hint';

/** Said plainly when the offline writer writes: its drafts are composed, not written by an AI model. */
export const OfflineNotice = ({ writer }: { writer: 'llm' | 'offline' | null | undefined }) =>
  writer === 'offline' ? (
    <Alert variant="light" color="yellow" radius="lg" icon={<IconPlugConnectedX />} title="Offline writer">
      {LINKEDIN_POST_MESSAGES.offlineLabel}
      <AdminSetupHint hint={MODEL_SETUP.writingAdminHint} />
    </Alert>
  ) : null;
