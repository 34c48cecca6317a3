import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { MAXIMUM_CREDITS, type TAdminCreditPack } from '@sales-assist/contract';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/api/toast';
import { useSaveCreditPack } from '../hooks/use-admin-credit-packs';
import {
  EMPTY_PACK_FORM,
  packFormOf,
  packFormProblems,
  packRequestOf,
  type TPackForm,
} from '../lib/pack-form';

const PackForm = ({ pack, onDone }: { pack: TAdminCreditPack | null; onDone: () => void }) => {
  const [form, setForm] = useState<TPackForm>(pack ? packFormOf(pack) : EMPTY_PACK_FORM);
  const [showProblems, setShowProblems] = useState(false);
  const save = useSaveCreditPack();
  const problems = packFormProblems(form);
  const shown = showProblems ? problems : {};
  const set = <K extends keyof TPackForm>(key: K, value: TPackForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.values(problems);
    if (found.length > 0) {
      setShowProblems(true);
      toast(
        'error',
        found.includes('Please enter valid number') ? 'Please enter valid number' : (found[0] ?? ''),
      );
      return;
    }
    save.mutate({ id: pack?.id ?? null, pack: packRequestOf(form) }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. 1,000 credits"
          value={form.name}
          maxLength={60}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={shown.name}
          required
          data-autofocus
        />
        <NumberInput
          label="Credits"
          min={1}
          max={MAXIMUM_CREDITS}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={form.credits}
          onChange={(value) => set('credits', value)}
          error={shown.credits}
          required
        />
        <NumberInput
          label="Price"
          prefix="$"
          decimalScale={2}
          min={0}
          allowNegative={false}
          thousandSeparator=","
          value={form.dollars}
          onChange={(value) => set('dollars', value)}
          error={shown.dollars}
          required
        />
        <Switch
          label="Active (sold on the Pricing screen)"
          checked={form.active}
          onChange={(event) => set('active', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {pack ? 'Save' : 'Add credit pack'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type TCreditPackModalProps = {
  /** The pack to edit, 'new' for a new one, null when closed. */
  pack: TAdminCreditPack | 'new' | null;
  onClose: () => void;
};

export const CreditPackModal = ({ pack, onClose }: TCreditPackModalProps) => (
  <Modal
    opened={pack !== null}
    onClose={onClose}
    title={pack === 'new' ? 'Add credit pack' : 'Edit credit pack'}
  >
    {pack !== null && (
      <PackForm key={pack === 'new' ? 'new' : pack.id} pack={pack === 'new' ? null : pack} onDone={onClose} />
    )}
  </Modal>
);
