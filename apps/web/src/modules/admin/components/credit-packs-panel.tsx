import { Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { TAdminCreditPack } from '@sales-assist/contract';
import { IconCoins, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { WideTable } from '../../../ui/wide-table';
import { useAdminCreditPacks, useSaveCreditPack } from '../hooks/use-admin-credit-packs';
import { formatCents } from '../lib/money';
import { packFormOf, packRequestOf } from '../lib/pack-form';
import { CreditPackModal } from './credit-pack-modal';

/** The credit packs sold on the Pricing screen: add, edit, deactivate (never delete: sessions point at them). */
export const CreditPacksPanel = () => {
  const packs = useAdminCreditPacks();
  const toggle = useSaveCreditPack();
  const [editing, setEditing] = useState<TAdminCreditPack | 'new' | null>(null);
  const setActive = (pack: TAdminCreditPack, active: boolean) =>
    toggle.mutate({ id: pack.id, pack: packRequestOf({ ...packFormOf(pack), active }) });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Credit packs">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3}>Credit packs</Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add credit pack
          </Button>
        </Group>
        {packs.isPending ? (
          <Center py="lg">
            <Loader />
          </Center>
        ) : !packs.data ? (
          <LoadFailed what="the credit packs" onRetry={() => packs.refetch()} />
        ) : packs.data.packs.length === 0 ? (
          <EmptyState
            icon={IconCoins}
            title="No credit packs yet"
            hint="Add one to sell top-ups on the Pricing screen."
          />
        ) : (
          <WideTable minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th ta="right">Credits</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {packs.data.packs.map((pack) => (
                  <Table.Tr key={pack.id} style={{ opacity: pack.active ? 1 : 0.65 }}>
                    <Table.Td fw={500}>{pack.name}</Table.Td>
                    <Table.Td ta="right">{pack.credits.toLocaleString()}</Table.Td>
                    <Table.Td ta="right">{formatCents(pack.price_cents)}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={pack.active ? 'teal' : 'gray'}>
                        {pack.active ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`Edit ${pack.name}`}
                          onClick={() => setEditing(pack)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color={pack.active ? 'red' : 'teal'}
                          aria-label={`${pack.active ? 'Deactivate' : 'Activate'} ${pack.name}`}
                          loading={toggle.isPending && toggle.variables?.id === pack.id}
                          onClick={() => setActive(pack, !pack.active)}
                        >
                          {pack.active ? 'Deactivate' : 'Activate'}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
        <Text size="xs" c="dimmed">
          Packs are never deleted: a checkout already opened keeps the credits and price it showed. An
          inactive pack is no longer sold.
        </Text>
      </Stack>
      <CreditPackModal pack={editing} onClose={() => setEditing(null)} />
    </Card>
  );
};
