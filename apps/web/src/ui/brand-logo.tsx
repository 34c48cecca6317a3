import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChartArrowsVertical } from '@tabler/icons-react';

type TBrandLogoProps = { inverted?: boolean; size?: 'sm' | 'lg' };

/** The product mark: "Sales Assist" beside a blue icon (white on blue panels). */
export const BrandLogo = ({ inverted = false, size = 'sm' }: TBrandLogoProps) => (
  <Group gap={10} wrap="nowrap">
    <ThemeIcon
      size={size === 'lg' ? 44 : 34}
      radius="md"
      variant={inverted ? 'white' : 'filled'}
      color="blue"
      aria-hidden
    >
      <IconChartArrowsVertical size={size === 'lg' ? 26 : 20} stroke={2} />
    </ThemeIcon>
    <Text fw={800} fz={size === 'lg' ? 26 : 19} c={inverted ? 'white' : 'dark.8'} lh={1}>
      Sales Assist
    </Text>
  </Group>
);
