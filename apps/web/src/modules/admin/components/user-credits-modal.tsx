import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { ADMIN_BILLING_MESSAGES, MAXIMUM_CREDITS, type TAdminUser } from '@sales-assist/contract';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/api/toast';
import { LEDGER_PAGE_SIZE, useAdjustCredits, useUserLedger } from '../hooks/use-user-credits';
import { ledgerReasonLabel } from '../lib/ledger-reasons';
import { wholeOf } from '../lib/money';

const REASON_MAX = 200;
const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

type TDirection = 'grant' | 'remove';

/** The account's ledger, newest first: what changed, why, and which admin did it. */
const LedgerHistory = ({ userId }: { userId: string }) => {
  const [page, setPage] = useState(1);
  const ledger = useUserLedger(userId, page - 1);
  if (ledger.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!ledger.data) {
    return (
      <Group justify="center" py="md">
        <Text size="sm" c="dimmed">
          Could not load the history.
        </Text>
        <Button size="xs" variant="light" onClick={() => ledger.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  if (ledger.data.entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        No credit history yet
      </Text>
    );
  }
  const pages = Math.ceil(ledger.data.total / LEDGER_PAGE_SIZE);
  return (
    <Stack gap="xs" style={{ opacity: ledger.isPlaceholderData ? 0.6 : 1 }}>
      <Table verticalSpacing={6} fz="sm" aria-label="Credit history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th>What</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ledger.data.entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.created_at))}</Table.Td>
              <Table.Td ta="right" fw={600} c={entry.amount < 0 ? 'red' : 'teal'}>
                {entry.amount > 0 ? '+' : ''}
                {entry.amount.toLocaleString()}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{ledgerReasonLabel(entry.reason)}</Text>
                {entry.note && (
                  <Text size="xs" c="dimmed">
                    “{entry.note}”{entry.actor_email ? ` — ${entry.actor_email}` : ''}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} mx="auto" />}
    </Stack>
  );
};

/** Grant or remove credits with a reason; the form stays open to show the new entry in the history. */
const AdjustForm = ({ user, balance }: { user: TAdminUser; balance: number | undefined }) => {
  const [direction, setDirection] = useState<TDirection>('grant');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const adjust = useAdjustCredits(user.id);
  const credits = wholeOf(amount);
  const tooMany = direction === 'remove' && credits !== null && balance !== undefined && credits > balance;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (credits === null || credits < 1 || credits > MAXIMUM_CREDITS) {
      toast('error', ADMIN_BILLING_MESSAGES.invalidNumber);
      return;
    }
    if (!reason.trim()) {
      toast('error', 'Please give a reason');
      return;
    }
    adjust.mutate(
      { amount: direction === 'grant' ? credits : -credits, reason: reason.trim() },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          value={direction}
          onChange={(value) => setDirection(value as TDirection)}
          data={[
            { value: 'grant', label: 'Grant credits' },
            { value: 'remove', label: 'Remove credits' },
          ]}
          aria-label="Grant or remove"
        />
        <NumberInput
          label="Credits"
          placeholder="e.g. 100"
          value={amount}
          onChange={setAmount}
          min={1}
          max={MAXIMUM_CREDITS}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          required
          error={tooMany ? ADMIN_BILLING_MESSAGES.notEnoughToRemove(balance ?? 0) : undefined}
        />
        <Textarea
          label="Reason"
          description={`${reason.length} / ${REASON_MAX} — saved in the account's history`}
          placeholder="e.g. Refund for a campaign that failed"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={REASON_MAX}
          autosize
          minRows={2}
          required
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={adjust.isPending}
            disabled={tooMany}
            color={direction === 'remove' ? 'red' : undefined}
          >
            {direction === 'grant' ? 'Grant credits' : 'Remove credits'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type TUserCreditsModalProps = { user: TAdminUser | null; onClose: () => void };

/** The users table's "Credits" action: the balance, a grant or removal with a reason, and the history. */
export const UserCreditsModal = ({ user, onClose }: TUserCreditsModalProps) => {
  const ledger = useUserLedger(user?.id, 0);
  const balance = ledger.data?.balance;
  return (
    <Modal opened={user !== null} onClose={onClose} title="Credits" size="lg">
      {user && (
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {user.email}
            </Text>
            <Badge size="lg" variant="light" aria-label="Balance">
              {balance === undefined ? '…' : `${balance.toLocaleString()} credits`}
            </Badge>
          </Group>
          <AdjustForm key={`adjust-${user.id}`} user={user} balance={balance} />
          <Text fw={600} size="sm">
            History
          </Text>
          <LedgerHistory key={`ledger-${user.id}`} userId={user.id} />
        </Stack>
      )}
    </Modal>
  );
};
