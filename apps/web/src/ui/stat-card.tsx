import { Box, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TStatCardProps = { label: string; value: ReactNode; icon: Icon; color?: string; footer?: ReactNode };

/**
 * A figure with its label and icon. The icon floats right, so a value too long for the room beside it
 * (a website's name, an address: three cards share 680 px at 1024 px wide) wraps onto the card's whole
 * width below the icon instead of ending in "…".
 */
export const StatCard = ({ label, value, icon: IconComponent, color = 'blue', footer }: TStatCardProps) => (
  <Card>
    {/* flow-root: the card lays its children out as flex items, which do not float; this box holds the float. */}
    <Box style={{ display: 'flow-root' }}>
      <ThemeIcon size={46} radius="md" variant="light" color={color} ml="sm" style={{ float: 'right' }}>
        <IconComponent size={26} />
      </ThemeIcon>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      {/* A div, not a p: values may be a Badge or a Group (a div inside a p is invalid HTML). */}
      <Text component="div" fz={26} fw={800} lh={1.2} mt={4} style={{ overflowWrap: 'break-word' }}>
        {value}
      </Text>
    </Box>
    {footer && <Stack mt="sm">{footer}</Stack>}
  </Card>
);
