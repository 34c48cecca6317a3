import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  TEMPLATE_NAME_MAX,
  TEMPLATE_TEXT_MAX,
  TEMPLATE_VARIABLES,
  type TOwnMessageTemplate,
  ZSaveMessageTemplateRequest,
} from '@sales-assist/contract';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { useDeleteMessageTemplate, useSaveMessageTemplate } from '../hooks/use-message-templates';

const ZTemplateForm = ZSaveMessageTemplateRequest.pick({ name: true, text: true });

type TTemplateEditorModalProps = {
  opened: boolean;
  /** null: a new template. */
  template: TOwnMessageTemplate | null;
  onClose: () => void;
  onSaved: (template: TOwnMessageTemplate) => void;
  onDeleted: (id: number) => void;
};

const EXAMPLE =
  'Hi {first_name}, I enjoyed your post on {recent_post}. We help teams like {company} save hours every week. Open to a quick chat? {sender_name}';

/**
 * Write a message template of your own: a name and the text with lead variables. The same rules as
 * the server's (contract schema) show under the fields; a refusal of the server (a name already
 * taken) shows under the name.
 */
export const TemplateEditorModal = ({
  opened,
  template,
  onClose,
  onSaved,
  onDeleted,
}: TTemplateEditorModalProps) => {
  const save = useSaveMessageTemplate();
  const remove = useDeleteMessageTemplate();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: template?.name ?? '', text: template?.text ?? '' },
    validate: schemaResolver(ZTemplateForm, { sync: true }),
  });

  const insertVariable = (name: string) => {
    const token = `{${name}}`;
    const area = textRef.current;
    const text = form.getValues().text;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    form.setFieldValue('text', `${text.slice(0, start)}${token}${text.slice(end)}`);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { ...values, ...(template ? { id: template.id } : {}) },
      {
        onSuccess: ({ template: saved }) => onSaved(saved),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) form.setFieldError('name', error.message);
          else setFailure(isApiError(error) ? error.message : 'The template could not be saved');
        },
      },
    );
  });

  const textLength = form.getValues().text.length;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      radius="lg"
      title={<Text fw={700}>{template ? 'Edit your template' : 'Write your own template'}</Text>}
    >
      {/* React events bubble through portals: the wizard step around this modal is a form too. */}
      <form
        onSubmit={(event) => {
          event.stopPropagation();
          submit(event);
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Template name"
            placeholder="e.g. Coffee chat"
            maxLength={TEMPLATE_NAME_MAX}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Stack gap={6}>
            <Textarea
              ref={textRef}
              label="Template text"
              description="Write the connection note as you would send it. The AI writer takes it as guidance for all three messages; the built-in writer sends it as written, with each lead's details filled in."
              placeholder={EXAMPLE}
              autosize
              minRows={5}
              maxRows={12}
              required
              {...form.getInputProps('text')}
            />
            <Text size="xs" c={textLength > TEMPLATE_TEXT_MAX ? 'red' : 'dimmed'} ta="right">
              {textLength}/{TEMPLATE_TEXT_MAX}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Variables (click to insert)
            </Text>
            <Group gap={6}>
              {TEMPLATE_VARIABLES.map((variable) => (
                <Tooltip
                  key={variable.name}
                  label={`${variable.meaning}; when unknown: ${variable.fallback ? `"${variable.fallback}"` : 'left out'}`}
                  withArrow
                >
                  <Badge
                    component="button"
                    type="button"
                    variant="light"
                    radius="sm"
                    style={{ cursor: 'pointer', textTransform: 'none' }}
                    aria-label={`Insert {${variable.name}}`}
                    onClick={() => insertVariable(variable.name)}
                  >
                    {`{${variable.name}}`}
                  </Badge>
                </Tooltip>
              ))}
            </Group>
          </Stack>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />}>
              {failure}
            </Alert>
          )}
          <Group justify="space-between">
            {template ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={() => remove.mutate(template.id, { onSuccess: () => onDeleted(template.id) })}
              >
                Delete template
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save template
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
