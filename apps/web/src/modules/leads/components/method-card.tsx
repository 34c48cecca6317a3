import { Badge, Card, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { TExtractionMethod } from './extraction-methods';

const Body = ({ method }: { method: TExtractionMethod }) => {
  const IconComponent = method.icon;
  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={46} radius="md" variant="light" color={method.available ? 'blue' : 'gray'}>
          <IconComponent size={26} />
        </ThemeIcon>
        {method.available ? (
          <IconChevronRight size={20} color="var(--mantine-color-blue-6)" aria-hidden />
        ) : (
          <Badge variant="light" color="gray" size="sm">
            Not offered by LinkedIn
          </Badge>
        )}
      </Group>
      <Text fw={700}>{method.title}</Text>
      <Text size="sm" c="dimmed">
        {method.description}
      </Text>
      {method.unavailableReason && (
        <Text size="xs" c="dark.4">
          {method.unavailableReason}
        </Text>
      )}
    </Stack>
  );
};

/** One extraction method: a button when it works, a dimmed card saying why when LinkedIn offers no way. */
export const MethodCard = ({ method, onChoose }: { method: TExtractionMethod; onChoose: () => void }) =>
  method.available ? (
    <UnstyledButton onClick={onChoose} aria-label={method.title} h="100%">
      <Card h="100%" className="feature-tile" style={{ transition: 'box-shadow 150ms, transform 150ms' }}>
        <Body method={method} />
      </Card>
    </UnstyledButton>
  ) : (
    <Card h="100%" bg="gray.0" aria-disabled="true" style={{ opacity: 0.65 }}>
      <Body method={method} />
    </Card>
  );
