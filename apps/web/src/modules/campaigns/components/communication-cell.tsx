import { Group, Loader, Text } from '@mantine/core';
import { COMMUNICATION_LOADING } from '@sales-assist/contract';

/** "Your Communication": the connection note, or a spinner while it is being written (spec §3). */
export const CommunicationCell = ({ text }: { text: string }) => {
  if (text === COMMUNICATION_LOADING) {
    return (
      <Group gap="xs" wrap="nowrap" role="status" aria-label="Loading">
        <Loader size="xs" type="dots" />
        <Text size="xs" c="dimmed">
          Writing…
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" lineClamp={2} title={text} c={text ? undefined : 'dimmed'}>
      {text || 'No message'}
    </Text>
  );
};
