import { Alert } from '@mantine/core';
import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import { IconPlugConnectedX } from '@tabler/icons-react';

/** Said plainly when the offline writer writes: its drafts are composed, not written by an AI model. */
export const OfflineNotice = ({ writer }: { writer: 'llm' | 'offline' | null | undefined }) =>
  writer === 'offline' ? (
    <Alert variant="light" color="yellow" radius="lg" icon={<IconPlugConnectedX />} title="Offline writer">
      {LINKEDIN_POST_MESSAGES.offlineLabel}
    </Alert>
  ) : null;
