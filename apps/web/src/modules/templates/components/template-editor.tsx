import { Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  parsePromptIdInput,
  TEMPLATE_PROMPT_TYPE_LABELS,
  TEMPLATE_PROMPT_TYPES,
  type TTemplatePromptType,
} from '@sales-assist/contract';
import { useState } from 'react';
import { LoadFailed } from '../../../ui/load-failed';
import { usePromptList } from '../hooks/use-prompt-list';
import { useUpdateTemplates } from '../hooks/use-update-templates';
import type { TThemeCard } from '../lib/group-themes';
import {
  initialValues,
  isEdited,
  type TTemplateFormValues,
  valueError,
  valueHint,
} from '../lib/template-form';
import { PromptList } from './prompt-list';

type TTemplateEditorProps = { card: TThemeCard; opened: boolean; onClose: () => void };

/**
 * Spec §2/§5/§8 Template Editor: the theme's Selection, Image and Text Post prompt ids (empty or 0: the
 * current prompt of the step's purpose), Save disabled until an edit is made (and while a value is not
 * a number), and the scrolling list of all prompts. Mount it per opening: the form starts from the card.
 */
export const TemplateEditor = ({ card, opened, onClose }: TTemplateEditorProps) => {
  const [values, setValues] = useState<TTemplateFormValues>(() => initialValues(card));
  const prompts = usePromptList();
  const update = useUpdateTemplates();
  const errors = Object.fromEntries(
    TEMPLATE_PROMPT_TYPES.map((type) => [type, valueError(values[type])]),
  ) as Record<TTemplatePromptType, string | null>;
  const valid = TEMPLATE_PROMPT_TYPES.every((type) => errors[type] === null);
  const canSave = valid && isEdited(card, values) && !update.isPending;

  const set = (type: TTemplatePromptType, value: string) =>
    setValues((current) => ({ ...current, [type]: value }));
  const save = () => {
    if (!canSave) return;
    const ids = TEMPLATE_PROMPT_TYPES.map((type) => card.entries[type]?.id ?? 0);
    const promptIds = TEMPLATE_PROMPT_TYPES.map((type) => parsePromptIdInput(values[type]) ?? 0);
    update.mutate({ ids, prompt_ids: promptIds }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={<Text fw={700}>Template Editor: {card.name}</Text>}
    >
      <Stack gap="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Theme id = {card.themeId}. Leave a box empty (or 0) to use the current prompt of its kind.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {TEMPLATE_PROMPT_TYPES.map((type) => {
                const hint = errors[type] ? null : valueHint(type, values[type], prompts.data);
                return (
                  <Stack key={type} gap={4}>
                    <Text fw={600} size="sm">
                      {TEMPLATE_PROMPT_TYPE_LABELS[type]}
                    </Text>
                    <TextInput
                      label="Prompt Id"
                      aria-label={`${TEMPLATE_PROMPT_TYPE_LABELS[type]} Prompt Id`}
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder="Current prompt"
                      value={values[type]}
                      onChange={(event) => set(type, event.currentTarget.value)}
                      error={errors[type]}
                      description={
                        hint ? (
                          <Text component="span" size="xs" c={hint.fits ? 'dimmed' : 'orange.8'}>
                            {hint.text}
                          </Text>
                        ) : undefined
                      }
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                    />
                  </Stack>
                );
              })}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canSave} loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
        {prompts.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading prompts" />
          </Center>
        ) : prompts.isError ? (
          <LoadFailed what="the prompts" onRetry={() => prompts.refetch()} />
        ) : (
          <PromptList prompts={prompts.data} onUse={(type, id) => set(type, String(id))} />
        )}
      </Stack>
    </Modal>
  );
};
