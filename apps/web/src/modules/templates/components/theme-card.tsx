import { ActionIcon, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { TEMPLATE_PROMPT_TYPE_LABELS, TEMPLATE_PROMPT_TYPES } from '@sales-assist/contract';
import { IconDotsVertical, IconPencil } from '@tabler/icons-react';
import { isComplete, type TThemeCard } from '../lib/group-themes';
import { ThemePreview } from './theme-preview';

type TThemeCardProps = { card: TThemeCard; onEdit: () => void };

/** Spec §2 Infographic Management 2: a theme card with its name, "Theme id = " and a menu holding Edit. */
export const ThemeCard = ({ card, onEdit }: TThemeCardProps) => (
  <Card withBorder radius="lg" padding="md" component="article" aria-label={card.name}>
    <Card.Section>
      <ThemePreview themeId={card.themeId} name={card.name} height={200} />
    </Card.Section>
    <Group justify="space-between" align="flex-start" wrap="nowrap" mt="md">
      <Stack gap={2} miw={0}>
        <Text fw={700} truncate="end">
          {card.name}
        </Text>
        <Text size="sm" c="dimmed">
          Theme id = {card.themeId}
        </Text>
      </Stack>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Menu of ${card.name}`}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit} disabled={!isComplete(card)}>
            Edit
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
    <Text size="xs" c="dimmed" mt="xs">
      {TEMPLATE_PROMPT_TYPES.map(
        (type) => `${TEMPLATE_PROMPT_TYPE_LABELS[type]}: ${card.entries[type]?.promptid ?? 'current'}`,
      ).join(' · ')}
    </Text>
  </Card>
);
