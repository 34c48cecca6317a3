import { ActionIcon, Button, Group, Loader, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TKeywordListSummary } from '@sales-assist/contract';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useKeywordList, useUpdateKeywordList } from '../hooks/use-keyword-lists';
import { downloadListCsv } from '../lib/download-list-csv';
import { IntentBadge } from './intent-badge';
import { bidsOf, competitionOf, RelevanceMeter, searchesOf } from './keyword-cells';

type TListKeywordsModalProps = { list: Pick<TKeywordListSummary, 'id' | 'name'> | null; onClose: () => void };

/** An opened list: its keywords with intent, theme, relevance and any metrics kept with them; remove one. */
export const ListKeywordsModal = ({ list, onClose }: TListKeywordsModalProps) => {
  const detail = useKeywordList(list?.id ?? null);
  const update = useUpdateKeywordList();
  const keywords = detail.data?.keywords ?? [];
  const withMetrics = keywords.some((keyword) => keyword.metrics !== null);
  return (
    <Modal
      opened={list !== null}
      onClose={onClose}
      title={detail.data?.name ?? list?.name}
      size="xl"
      centered
    >
      {detail.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : detail.isError ? (
        <Text c="red" size="sm">
          The list could not be loaded.
        </Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={withMetrics ? 760 : 520}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Keyword</Table.Th>
                  <Table.Th>Theme</Table.Th>
                  <Table.Th>Intent</Table.Th>
                  <Table.Th>Relevance</Table.Th>
                  {withMetrics && (
                    <>
                      <Table.Th>Avg. monthly searches</Table.Th>
                      <Table.Th>Competition</Table.Th>
                      <Table.Th>Top of page bid</Table.Th>
                    </>
                  )}
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keywords.map((keyword) => (
                  <Table.Tr key={keyword.text}>
                    <Table.Td>{keyword.text}</Table.Td>
                    <Table.Td c="dimmed">{keyword.theme}</Table.Td>
                    <Table.Td>
                      <IntentBadge intent={keyword.intent} />
                    </Table.Td>
                    <Table.Td>
                      <RelevanceMeter value={keyword.relevance} />
                    </Table.Td>
                    {withMetrics && (
                      <>
                        <Table.Td>{searchesOf(keyword.metrics)}</Table.Td>
                        <Table.Td>{competitionOf(keyword.metrics)}</Table.Td>
                        <Table.Td>{bidsOf(keyword.metrics)}</Table.Td>
                      </>
                    )}
                    <Table.Td>
                      <Tooltip label={keywords.length === 1 ? 'A list keeps at least one keyword' : 'Remove'}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Remove ${keyword.text}`}
                          disabled={keywords.length === 1 || update.isPending}
                          onClick={() =>
                            list &&
                            update.mutate(
                              { id: list.id, remove: [keyword.text] },
                              { onSuccess: () => void detail.refetch() },
                            )
                          }
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                list && void downloadListCsv({ id: list.id, name: detail.data?.name ?? list.name })
              }
            >
              Export CSV
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
