import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TStatCardProps = { label: string; value: ReactNode; icon: Icon; color?: string; footer?: ReactNode };

export const StatCard = ({ label, value, icon: IconComponent, color = 'blue', footer }: TStatCardProps) => (
  <Card>
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4} miw={0}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        {/* A div, not a p: values may be a Badge or a Group (a div inside a p is invalid HTML). */}
        <Text component="div" fz={26} fw={800} lh={1.2} truncate>
          {value}
        </Text>
      </Stack>
      <ThemeIcon size={46} radius="md" variant="light" color={color}>
        <IconComponent size={26} />
      </ThemeIcon>
    </Group>
    {footer && <Stack mt="sm">{footer}</Stack>}
  </Card>
);
