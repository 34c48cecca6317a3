import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { MESSAGE_TEMPLATES, type TMessageTemplate } from '@sales-assist/contract';
import { IconCheck, IconEye } from '@tabler/icons-react';

type TTemplateCardsProps = {
  selected: TMessageTemplate | null;
  onSelect: (template: TMessageTemplate | null) => void;
  onViewSample: (template: TMessageTemplate) => void;
};

/** Spec §2 step 4: three message templates; choosing the chosen one again clears the choice. */
export const TemplateCards = ({ selected, onSelect, onViewSample }: TTemplateCardsProps) => (
  <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
    {MESSAGE_TEMPLATES.map((template) => {
      const chosen = selected?.id === template.id;
      const toggle = () => onSelect(chosen ? null : template);
      return (
        <Card
          key={template.id}
          padding="md"
          onClick={toggle}
          style={{
            cursor: 'pointer',
            borderColor: chosen ? 'var(--mantine-color-blue-6)' : undefined,
            boxShadow: chosen ? '0 0 0 1px var(--mantine-color-blue-6)' : undefined,
            background: chosen ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Stack gap="sm" h="100%">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700}>{template.text}</Text>
              <Badge variant="light" color={chosen ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
                Template {template.id}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {template.description}
            </Text>
            <Group gap="xs" justify="space-between">
              <Button
                size="xs"
                variant={chosen ? 'filled' : 'light'}
                leftSection={chosen ? <IconCheck size={14} /> : undefined}
                aria-pressed={chosen}
                aria-label={`${chosen ? 'Selected' : 'Select'}: ${template.text}`}
                onClick={(event) => {
                  event.stopPropagation();
                  toggle();
                }}
              >
                {chosen ? 'Selected' : 'Select'}
              </Button>
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
            </Group>
          </Stack>
        </Card>
      );
    })}
  </SimpleGrid>
);
