import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { INPUT_LIMITS, INPUT_MESSAGES } from '@sales-assist/contract';
import { useState } from 'react';
import { usePasteText } from '../hooks/use-input-mutations';

type TPasteTextModalProps = { opened: boolean; onClose: () => void };

/** Paste a text and name it; the limits are the server's, checked here first so the person sees them. */
export const PasteTextModal = ({ opened, onClose }: TPasteTextModalProps) => {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ name?: string; text?: string }>({});
  const paste = usePasteText();
  const close = () => {
    setName('');
    setText('');
    setErrors({});
    onClose();
  };
  const save = () => {
    const found = {
      name: !name.trim()
        ? INPUT_MESSAGES.nameRequired
        : name.trim().length > INPUT_LIMITS.nameChars
          ? INPUT_MESSAGES.nameTooLong
          : undefined,
      text: !text.trim()
        ? INPUT_MESSAGES.textRequired
        : text.length > INPUT_LIMITS.textChars
          ? INPUT_MESSAGES.textTooLong
          : undefined,
    };
    setErrors(found);
    if (found.name || found.text) return;
    paste.mutate({ name: name.trim(), text }, { onSuccess: close });
  };
  const over = text.length > INPUT_LIMITS.textChars;
  return (
    <Modal opened={opened} onClose={close} title="Paste a text" size="lg" centered>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Product one-pager"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((shown) => ({ ...shown, name: undefined }));
          }}
          error={errors.name}
          maxLength={INPUT_LIMITS.nameChars + 1}
          data-autofocus
        />
        <Textarea
          label="Text"
          description="Facts, wording and ideas your content should draw on."
          placeholder="Paste your text here"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setErrors((shown) => ({ ...shown, text: undefined }));
          }}
          error={errors.text}
          autosize
          minRows={8}
          maxRows={16}
        />
        <Text size="xs" c={over ? 'red' : 'dimmed'} ta="right" aria-live="polite">
          {text.length.toLocaleString('en-US')} / {INPUT_LIMITS.textChars.toLocaleString('en-US')} characters
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} loading={paste.isPending}>
            Save text
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
