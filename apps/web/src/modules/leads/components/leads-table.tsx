import { Checkbox, Table, VisuallyHidden } from '@mantine/core';
import type { TLead } from '@sales-assist/contract';
import { WideTable } from '../../../ui/wide-table';
import type { TLeadSelection } from '../hooks/use-lead-selection';
import { LeadRow } from './lead-row';

type TLeadsTableProps = { leads: TLead[]; selection: TLeadSelection };

/** Spec §2 all-leads table, with an E-mail column; the header's box selects the whole page. */
export const LeadsTable = ({ leads, selection }: TLeadsTableProps) => {
  const onPage = leads.filter((lead) => selection.ids.has(lead.id)).length;
  const all = leads.length > 0 && onPage === leads.length;
  return (
    <WideTable minWidth={1120}>
      <Table verticalSpacing="xs" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                checked={all}
                indeterminate={onPage > 0 && !all}
                onChange={() =>
                  selection.setMany(
                    leads.map((lead) => lead.id),
                    !all,
                  )
                }
                aria-label="Select all on this page"
              />
            </Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Profile image</VisuallyHidden>
            </Table.Th>
            <Table.Th w="12%">Name</Table.Th>
            <Table.Th w="14%">Headline</Table.Th>
            <Table.Th w="10%">Location</Table.Th>
            <Table.Th w="11%">Company</Table.Th>
            <Table.Th w="9%">Connection Degree</Table.Th>
            <Table.Th w="7%">Source</Table.Th>
            <Table.Th w="21%">E-mail</Table.Th>
            <Table.Th w="12%">Linkedin URL</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <LeadRow
              key={lead.id}
              lead={lead}
              selected={selection.ids.has(lead.id)}
              onToggle={() => selection.toggle(lead.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
};
