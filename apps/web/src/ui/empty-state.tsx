import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TEmptyStateProps = { icon: Icon; title: string; hint?: ReactNode; action?: ReactNode };

/** A table with nothing in it: an icon, the spec's text, a hint and what to do next. */
export const EmptyState = ({ icon: IconComponent, title, hint, action }: TEmptyStateProps) => (
  <Stack align="center" gap="xs" py={48} ta="center">
    <ThemeIcon size={64} radius="xl" variant="light" color="gray">
      <IconComponent size={34} stroke={1.5} />
    </ThemeIcon>
    <Text fw={600} fz="lg">
      {title}
    </Text>
    {hint && (
      <Text c="dimmed" size="sm" maw={420}>
        {hint}
      </Text>
    )}
    {action}
  </Stack>
);
