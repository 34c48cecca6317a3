import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { INFOGRAPHIC_LAYOUT_LABELS, type TAdminInfographicTheme } from '@sales-assist/contract';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import { ThemePicture } from './theme-picture';

type TAdminThemeCardProps = {
  theme: TAdminInfographicTheme;
  busy: boolean;
  onEdit: () => void;
  onRetire: (retired: boolean) => void;
};

/** A theme as its preview, name, layout and state, with Edit and Retire (or Restore). */
export const AdminThemeCard = ({ theme, busy, onEdit, onRetire }: TAdminThemeCardProps) => (
  <Card
    withBorder
    radius="lg"
    padding="md"
    component="article"
    aria-label={theme.name}
    opacity={theme.retired ? 0.7 : 1}
  >
    <Card.Section>
      <ThemePicture uri={theme.preview_uri} name={theme.name} height={220} />
    </Card.Section>
    <Stack gap={6} mt="md">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} truncate="end">
          {theme.name}
        </Text>
        {theme.retired ? (
          <Badge color="gray" variant="light">
            Retired
          </Badge>
        ) : theme.built_in ? (
          <Badge variant="light">Built in</Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        Theme id = {theme.id} · {INFOGRAPHIC_LAYOUT_LABELS[theme.design.layout]} ·{' '}
        {theme.design.size.replace('x', ' × ')} · version {theme.version}
      </Text>
      <Group gap="xs" mt={4}>
        <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color={theme.retired ? 'teal' : 'gray'}
          leftSection={theme.retired ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
          loading={busy}
          onClick={() => onRetire(!theme.retired)}
          aria-label={`${theme.retired ? 'Restore' : 'Retire'} ${theme.name}`}
        >
          {theme.retired ? 'Restore' : 'Retire'}
        </Button>
      </Group>
    </Stack>
  </Card>
);
