import { Table, VisuallyHidden } from '@mantine/core';
import type { TLead } from '@sales-assist/contract';
import { WideTable } from '../../../ui/wide-table';
import { useSelectLead } from '../hooks/use-select-lead';
import { LeadRow } from './lead-row';

/** Spec §2 all-leads table. */
export const LeadsTable = ({ leads }: { leads: TLead[] }) => {
  const select = useSelectLead();
  return (
    <WideTable minWidth={960}>
      <Table verticalSpacing="xs" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Profile image</VisuallyHidden>
            </Table.Th>
            <Table.Th w="13%">Name</Table.Th>
            <Table.Th w="18%">Headline</Table.Th>
            <Table.Th w="13%">Location</Table.Th>
            <Table.Th w="14%">Company</Table.Th>
            <Table.Th w="10%">Connection Degree</Table.Th>
            <Table.Th w="10%">Source</Table.Th>
            <Table.Th w="13%">Linkedin URL</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <LeadRow
              key={lead.id}
              lead={lead}
              selecting={select.isPending && select.variables === lead.id}
              onToggle={() => select.mutate(lead.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
};
