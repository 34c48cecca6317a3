import { Badge, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TCampaignLead } from '@sales-assist/contract';
import { ProfileAvatar } from '../../../ui/profile-avatar';
import { TruncatedText } from '../../../ui/truncated-text';
import { useSelectCampaignLead } from '../hooks/use-select-campaign-lead';
import { ApprovalBadge } from './approval-badge';
import { CommunicationCell } from './communication-cell';
import { LeadStatusBadge } from './lead-status-badge';

type TCampaignLeadsTableProps = { leads: TCampaignLead[]; onOpen: (lead: TCampaignLead) => void };

/** Spec §3 campaign lead rows; a row (or Enter on it) opens the lead's side panel. */
export const CampaignLeadsTable = ({ leads, onOpen }: TCampaignLeadsTableProps) => {
  const select = useSelectCampaignLead();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th w={180}>Leads</Table.Th>
            <Table.Th w={150}>Headline</Table.Th>
            <Table.Th w={100}>Connection Degree</Table.Th>
            <Table.Th>Your Communication</Table.Th>
            <Table.Th w={150}>Status</Table.Th>
            <Table.Th w={135}>Approval</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr
              key={lead.ID}
              tabIndex={0}
              aria-label={`Open ${lead.Leads}`}
              onClick={() => onOpen(lead)}
              onKeyDown={(event) => {
                if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                  event.preventDefault();
                  onOpen(lead);
                }
              }}
              style={{ cursor: 'pointer' }}
              bg={lead.IsSelected ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  checked={lead.IsSelected === 1}
                  disabled={select.isPending && select.variables === lead.ID}
                  onChange={() => select.mutate(lead.ID)}
                  aria-label={`Select ${lead.Leads}`}
                />
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <ProfileAvatar src={lead['Profile Image URL']} name={lead.Leads} />
                  <Text size="sm" fw={600} lineClamp={2}>
                    {lead.Leads}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <TruncatedText text={lead.Headline} />
              </Table.Td>
              <Table.Td>
                {lead['Connection Degree'] && (
                  <Badge variant="outline" color="gray" radius="sm" style={{ textTransform: 'none' }}>
                    {lead['Connection Degree']}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <CommunicationCell text={lead['Your Communication']} />
              </Table.Td>
              <Table.Td>
                <LeadStatusBadge status={lead.Status} />
              </Table.Td>
              <Table.Td>
                <ApprovalBadge approval={lead.Approval} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
