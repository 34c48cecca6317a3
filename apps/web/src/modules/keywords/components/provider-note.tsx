import { Alert, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';

/** Why there are no search volumes, costs per click or competition: said plainly, with no numbers in their place. */
export const ProviderNote = ({ note }: { note: string }) => (
  <Alert variant="light" color="gray" radius="md" icon={<IconChartBarOff />} title="No search metrics">
    <Text size="sm">{note}</Text>
  </Alert>
);
