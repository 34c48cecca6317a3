import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { MESSAGE_TEMPLATES, type TMessageTemplate, type TOwnMessageTemplate } from '@sales-assist/contract';
import { IconCheck, IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useMessageTemplates } from '../hooks/use-message-templates';
import { TemplateEditorModal } from './template-editor-modal';

type TTemplateCardsProps = {
  selected: TMessageTemplate | null;
  ownSelected: TOwnMessageTemplate | null;
  onSelect: (template: TMessageTemplate | null) => void;
  onSelectOwn: (template: TOwnMessageTemplate | null) => void;
  onViewSample: (template: TMessageTemplate) => void;
};

type TTemplateCardProps = {
  title: string;
  badge: string;
  text: string;
  chosen: boolean;
  onToggle: () => void;
  /** The second button: View Sample for the spec's templates, Edit for your own. */
  extra: ReactNode;
};

const TemplateCard = ({ title, badge, text, chosen, onToggle, extra }: TTemplateCardProps) => (
  <Card
    padding="md"
    onClick={onToggle}
    style={{
      cursor: 'pointer',
      borderColor: chosen ? 'var(--mantine-color-blue-6)' : undefined,
      boxShadow: chosen ? '0 0 0 1px var(--mantine-color-blue-6)' : undefined,
      background: chosen ? 'var(--mantine-color-blue-0)' : undefined,
    }}
  >
    <Stack gap="sm" h="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} lineClamp={2} title={title}>
          {title}
        </Text>
        <Badge variant="light" color={chosen ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
          {badge}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" style={{ flex: 1, whiteSpace: 'pre-wrap' }} lineClamp={4}>
        {text}
      </Text>
      <Group gap="xs" justify="space-between">
        <Button
          size="xs"
          variant={chosen ? 'filled' : 'light'}
          leftSection={chosen ? <IconCheck size={14} /> : undefined}
          aria-pressed={chosen}
          aria-label={`${chosen ? 'Selected' : 'Select'}: ${title}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
        >
          {chosen ? 'Selected' : 'Select'}
        </Button>
        {extra}
      </Group>
    </Stack>
  </Card>
);

/**
 * Spec §2 step 4: the three message templates, then the user's own and a card to write a new one;
 * choosing the chosen one again clears the choice.
 */
export const TemplateCards = ({
  selected,
  ownSelected,
  onSelect,
  onSelectOwn,
  onViewSample,
}: TTemplateCardsProps) => {
  const own = useMessageTemplates();
  // The editor: closed, a new template, or one of yours; `key` gives each opening a fresh form.
  const [editing, setEditing] = useState<{ template: TOwnMessageTemplate | null; key: number } | null>(null);
  const open = (template: TOwnMessageTemplate | null) => setEditing({ template, key: Date.now() });

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {MESSAGE_TEMPLATES.map((template) => {
          const chosen = selected?.id === template.id;
          return (
            <TemplateCard
              key={`spec-${template.id}`}
              title={template.text}
              badge={`Template ${template.id}`}
              text={template.description}
              chosen={chosen}
              onToggle={() => onSelect(chosen ? null : template)}
              extra={
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconEye size={14} />}
                  aria-label={`View Sample: ${template.text}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onViewSample(template);
                  }}
                >
                  View Sample
                </Button>
              }
            />
          );
        })}
        {(own.data ?? []).map((template) => {
          const chosen = ownSelected?.id === template.id;
          return (
            <TemplateCard
              key={`own-${template.id}`}
              title={template.name}
              badge="Your template"
              text={template.text}
              chosen={chosen}
              onToggle={() => onSelectOwn(chosen ? null : template)}
              extra={
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPencil size={14} />}
                  aria-label={`Edit: ${template.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    open(template);
                  }}
                >
                  Edit
                </Button>
              }
            />
          );
        })}
        <Card
          padding="md"
          component="button"
          type="button"
          onClick={() => open(null)}
          aria-label="Write your own template"
          style={{
            cursor: 'pointer',
            borderStyle: 'dashed',
            background: 'transparent',
            minHeight: 150,
          }}
        >
          <Stack gap={6} align="center" justify="center" h="100%">
            <IconPlus size={22} color="var(--mantine-color-blue-6)" />
            <Text fw={700} c="blue.7">
              Write your own template
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              Your words, with {'{first_name}'}, {'{company}'} and other lead details filled in.
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
      {editing && (
        <TemplateEditorModal
          key={editing.key}
          opened
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onSelectOwn(saved);
          }}
          onDeleted={(id) => {
            setEditing(null);
            if (ownSelected?.id === id) onSelectOwn(null);
          }}
        />
      )}
    </>
  );
};
