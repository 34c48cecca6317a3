import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { INPUT_LIMITS, INPUT_MESSAGES, type TInput } from '@sales-assist/contract';
import { useEffect, useState } from 'react';
import { useRenameInput } from '../hooks/use-input-mutations';

type TRenameInputModalProps = { input: TInput | null; onClose: () => void };

export const RenameInputModal = ({ input, onClose }: TRenameInputModalProps) => {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameInput();
  useEffect(() => {
    setName(input?.name ?? '');
    setError(undefined);
  }, [input]);
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(INPUT_MESSAGES.nameRequired);
    if (trimmed.length > INPUT_LIMITS.nameChars) return setError(INPUT_MESSAGES.nameTooLong);
    if (!input) return;
    if (trimmed === input.name) return onClose();
    rename.mutate({ id: input.id, name: trimmed }, { onSuccess: onClose });
  };
  return (
    <Modal opened={input !== null} onClose={onClose} title="Rename" centered>
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(event) => event.key === 'Enter' && save()}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={rename.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
