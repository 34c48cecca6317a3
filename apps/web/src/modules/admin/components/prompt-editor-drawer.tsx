import { Alert, Badge, Button, Drawer, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  PROMPT_NAME_MAX,
  PROMPT_PURPOSE_LABELS,
  PROMPT_PURPOSES,
  PROMPT_TEXT_MAX,
  type TAdminPrompt,
  type TPromptPurpose,
} from '@sales-assist/contract';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { type FormEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { useCreatePrompt, useUpdatePrompt } from '../hooks/use-prompt-mutations';
import { promptFormProblems, type TPromptDraft } from './prompt-form-problems';
import { PromptVariableChips } from './prompt-variable-chips';

type TPromptEditorDrawerProps = {
  opened: boolean;
  /** The prompt as the list has it now (it moves on when someone saves); null: a new prompt. */
  prompt: TAdminPrompt | null;
  /** Changes with each opening, so every opening starts from the prompt's text. */
  session?: number;
  onClose: () => void;
};

const PURPOSE_OPTIONS = PROMPT_PURPOSES.map((purpose) => ({
  value: purpose,
  label: PROMPT_PURPOSE_LABELS[purpose],
}));

const draftOf = (prompt: TAdminPrompt | null): TPromptDraft => ({
  name: prompt?.name ?? '',
  purpose: prompt?.purpose ?? 'blog_post',
  text: prompt?.text ?? '',
});

const usedVariables = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] ?? '')),
];

/**
 * Writes a new prompt or edits one: the text with its allowed {variables} as chips to insert, the
 * server's own checks live under the fields, Save only once something changed and nothing is wrong.
 * A save names the version it edited; when someone saved in between, the server refuses (409) and the
 * text typed here stays, with a way to load the latest version.
 */
export const PromptEditorDrawer = ({ opened, prompt, session = 0, onClose }: TPromptEditorDrawerProps) => {
  // The form tells whether it holds unsaved changes, so every way out (Cancel, ×, Escape, a click
  // beside the drawer) asks before throwing them away.
  const dirty = useRef(false);
  const requestClose = () => {
    if (!dirty.current) return onClose();
    modals.openConfirmModal({
      title: 'Discard your changes?',
      children: <Text size="sm">What you changed in this prompt has not been saved.</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };
  return (
    <Drawer
      opened={opened}
      onClose={requestClose}
      position="right"
      size="xl"
      title={
        <Text fw={700} size="lg">
          {prompt ? 'Edit prompt' : 'New prompt'}
        </Text>
      }
    >
      {/* Keyed: another prompt (or a new one) starts from its own text. */}
      <PromptEditorForm
        key={`${session}:${prompt?.id ?? 'new'}`}
        prompt={prompt}
        onSaved={onClose}
        onCancel={requestClose}
        dirtyRef={dirty}
      />
    </Drawer>
  );
};

type TPromptEditorFormProps = {
  prompt: TAdminPrompt | null;
  onSaved: () => void;
  onCancel: () => void;
  dirtyRef: RefObject<boolean>;
};

const PromptEditorForm = ({ prompt, onSaved, onCancel, dirtyRef }: TPromptEditorFormProps) => {
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const saving = create.isPending || update.isPending;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // What was loaded (and the version a save names): it only moves when the admin loads the latest.
  const [base, setBase] = useState<TAdminPrompt | null>(prompt);
  const [draft, setDraft] = useState<TPromptDraft>(() => draftOf(prompt));
  const [touched, setTouched] = useState({ name: false, text: false });
  const [stale, setStale] = useState<number | null>(null);
  const [serverProblem, setServerProblem] = useState<string | null>(null);

  const initial = useMemo(() => draftOf(base), [base]);
  const dirty =
    draft.name !== initial.name ||
    draft.text !== initial.text ||
    (!base && draft.purpose !== initial.purpose);
  useEffect(() => {
    dirtyRef.current = dirty;
    return () => {
      dirtyRef.current = false;
    };
  }, [dirty, dirtyRef]);
  const problems = promptFormProblems(draft);
  const canSave = dirty && !problems.name && !problems.text && !saving;
  // A text problem shows at once (a wrong {variable} is the point of the live check); "empty" only
  // once the field was used, so a new prompt does not open in red.
  const textError = problems.text && (touched.text || draft.text.trim() !== '') ? problems.text : null;
  const nameError = problems.name && (touched.name || draft.name !== '') ? problems.name : null;

  const change = (patch: Partial<TPromptDraft>) => {
    setServerProblem(null);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const insertVariable = (name: string) => {
    const token = `{${name}}`;
    const area = textRef.current;
    const start = area?.selectionStart ?? draft.text.length;
    const end = area?.selectionEnd ?? draft.text.length;
    change({ text: `${draft.text.slice(0, start)}${token}${draft.text.slice(end)}` });
    setTouched((current) => ({ ...current, text: true }));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const loadLatest = () => {
    setBase(prompt);
    setDraft(draftOf(prompt));
    setStale(null);
    setServerProblem(null);
  };

  const onFailure = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.code === 'stale_version') {
      const current = error.body.current_version;
      setStale(typeof current === 'number' ? current : (base?.version ?? 0) + 1);
    } else {
      setServerProblem(error.message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, text: true });
    if (!canSave) return;
    if (base) {
      update.mutate(
        {
          id: base.id,
          text: draft.text,
          version: base.version,
          ...(draft.name !== base.name ? { name: draft.name } : {}),
        },
        { onSuccess: onSaved, onError: onFailure },
      );
    } else {
      create.mutate(draft, { onSuccess: onSaved, onError: onFailure });
    }
  };

  const length = draft.text.trim().length;
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {base && (
          <Group gap="xs">
            <Badge variant="light" color="gray" radius="sm">{`ID ${base.id}`}</Badge>
            <Badge variant="light" radius="sm">
              {PROMPT_PURPOSE_LABELS[base.purpose]}
            </Badge>
            <Badge variant="light" color="gray" radius="sm">{`Version ${base.version}`}</Badge>
            {base.built_in && (
              <Badge variant="light" color="grape" radius="sm">
                Built-in
              </Badge>
            )}
            {base.retired && (
              <Badge variant="light" color="red" radius="sm">
                Retired
              </Badge>
            )}
          </Group>
        )}
        <TextInput
          label="Name"
          placeholder="e.g. Blog post, storytelling"
          required
          maxLength={PROMPT_NAME_MAX + 20}
          value={draft.name}
          disabled={base?.built_in}
          description={
            base?.built_in ? 'A built-in prompt keeps its name; its text is yours to change.' : undefined
          }
          error={nameError}
          onChange={(event) => change({ name: event.currentTarget.value })}
          onBlur={() => setTouched((current) => ({ ...current, name: true }))}
          data-autofocus={base ? undefined : true}
        />
        {!base && (
          <Select
            label="Purpose"
            description="What the prompt writes. The newest prompt of a purpose is the one generation uses."
            data={PURPOSE_OPTIONS}
            value={draft.purpose}
            allowDeselect={false}
            onChange={(value) => value && change({ purpose: value as TPromptPurpose })}
          />
        )}
        <PromptVariableChips
          purpose={draft.purpose}
          used={usedVariables(draft.text)}
          onInsert={insertVariable}
        />
        <Stack gap={4}>
          <Textarea
            ref={textRef}
            label="Prompt text"
            description="Braces are only for the variables above; the writer fills them in for each generation."
            required
            autosize
            minRows={12}
            maxRows={24}
            styles={{
              // The text stays readable when it is refused: the border and the message say what is wrong.
              input: {
                fontFamily: 'var(--mantine-font-family-monospace)',
                fontSize: 13,
                color: 'var(--mantine-color-text)',
              },
            }}
            value={draft.text}
            error={textError}
            data-autofocus={base ? true : undefined}
            onChange={(event) => change({ text: event.currentTarget.value })}
            onBlur={() => setTouched((current) => ({ ...current, text: true }))}
            onKeyDown={(event) => {
              // Ctrl+Enter (⌘+Enter) saves from the keyboard without leaving the text.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                formRef.current?.requestSubmit();
              }
            }}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Ctrl+Enter saves
            </Text>
            <Text size="xs" c={length > PROMPT_TEXT_MAX ? 'red' : 'dimmed'}>
              {`${length.toLocaleString('en')} / ${PROMPT_TEXT_MAX.toLocaleString('en')}`}
            </Text>
          </Group>
        </Stack>
        {stale !== null && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="Saved by someone else">
            <Stack gap="xs">
              <Text size="sm">
                {`This prompt is now at version ${stale}, saved while you were editing version ${base?.version}. Your text is still in the box: copy what you need, then load the latest version and make your change again.`}
              </Text>
              <Button
                size="xs"
                variant="light"
                color="orange"
                w="fit-content"
                leftSection={<IconRefresh size={14} />}
                disabled={!prompt || prompt.version === base?.version}
                onClick={loadLatest}
              >
                Load the latest version
              </Button>
            </Stack>
          </Alert>
        )}
        {serverProblem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
            {serverProblem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={saving}>
            {base ? 'Save' : 'Create prompt'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
