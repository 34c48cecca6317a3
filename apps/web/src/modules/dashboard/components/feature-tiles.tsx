import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DASHBOARD_TILES } from './dashboard-tiles';

/** The dashboard's sub-navigation as tiles. */
export const FeatureTiles = () => (
  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
    {DASHBOARD_TILES.map((tile) => {
      const Icon = tile.icon;
      return (
        <Card
          key={tile.to}
          component={Link}
          to={tile.to}
          padding="lg"
          style={{ textDecoration: 'none', transition: 'box-shadow 150ms ease, transform 150ms ease' }}
          className="feature-tile"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" color={tile.color}>
              <Icon size={24} />
            </ThemeIcon>
            <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
          </Group>
          <Text fw={700} mt="md">
            {tile.label}
          </Text>
          <Text size="sm" c="dimmed">
            {tile.description}
          </Text>
        </Card>
      );
    })}
  </SimpleGrid>
);
