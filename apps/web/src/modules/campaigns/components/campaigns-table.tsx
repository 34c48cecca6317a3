import {
  ActionIcon,
  Anchor,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { TCampaign } from '@sales-assist/contract';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useDeleteCampaign } from '../hooks/use-delete-campaign';
import { useSelectCampaign } from '../hooks/use-select-campaign';
import { formatTimestamp } from '../lib/format-timestamp';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge } from './campaign-status-badge';
import { confirmDeleteCampaign, isDeletable } from './confirm-delete-campaign';

type TCampaignsTableProps = { campaigns: TCampaign[]; onOpen: (campaignId: number) => void };

/**
 * Spec §2 campaign table; the name (the ID cell) and the eye open the campaign at step 6. The bin deletes
 * a campaign that is not running (a running one is paused first, from its page).
 */
export const CampaignsTable = ({ campaigns, onOpen }: TCampaignsTableProps) => {
  const select = useSelectCampaign();
  const remove = useDeleteCampaign();
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th w="24%">Campaign List</Table.Th>
            <Table.Th w={180}>Status</Table.Th>
            <Table.Th w={100}>Leads Count</Table.Th>
            <Table.Th w={110}>Outreach Via</Table.Th>
            <Table.Th w="15%">Campaign Goal</Table.Th>
            <Table.Th w="17%">Campaign Progress</Table.Th>
            <Table.Th w={96} ta="center">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => (
            <Table.Tr
              key={campaign.ID}
              bg={campaign.IsSelected ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <Checkbox
                  checked={campaign.IsSelected}
                  disabled={select.isPending && select.variables === campaign.ID}
                  onChange={() => select.mutate(campaign.ID)}
                  aria-label={`Select ${campaign['Campaign List']}`}
                />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    size="sm"
                    ta="left"
                    lineClamp={1}
                    title={campaign['Campaign List']}
                    onClick={() => onOpen(campaign.ID)}
                  >
                    {campaign['Campaign List']}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatTimestamp(campaign.TimeStamp)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <CampaignStatusBadge status={campaign.Status} reason={campaign['Status Reason']} />
                  {campaign.Status === 'Failed' && campaign['Status Reason'] && (
                    <Text size="xs" c="red.8" lineClamp={2} title={campaign['Status Reason']}>
                      {campaign['Status Reason']}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{campaign['Leads Count'].toLocaleString()}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{campaign['Outreach Via']}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{campaign['Campaign Goal']}</Text>
              </Table.Td>
              <Table.Td>
                <CampaignProgress
                  value={campaign['Campaign Progress']}
                  status={campaign.Status}
                  failed={campaign['Failed Leads']}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="center" wrap="nowrap">
                  <Tooltip label="View Campaign" withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`View Campaign ${campaign['Campaign List']}`}
                      onClick={() => onOpen(campaign.ID)}
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {isDeletable(campaign) ? (
                    <Tooltip label="Delete Campaign" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete Campaign ${campaign['Campaign List']}`}
                        loading={remove.isPending && remove.variables === campaign.ID}
                        onClick={() => confirmDeleteCampaign(campaign, () => remove.mutate(campaign.ID))}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    // Keeps the eyes in one column; a running campaign is paused before it can go.
                    <Tooltip label="Pause the campaign to delete it" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        data-disabled
                        aria-disabled
                        aria-label={`Delete Campaign ${campaign['Campaign List']}: pause it first`}
                        onClick={(event) => event.preventDefault()}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
