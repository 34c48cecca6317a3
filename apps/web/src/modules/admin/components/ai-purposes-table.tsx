import { Badge, Table, Text } from '@mantine/core';
import type { TAiProviderKind, TAiPurposeProvider } from '@sales-assist/contract';

const KIND_LOOK: Record<TAiProviderKind, { label: string; color: string }> = {
  endpoint: { label: 'Endpoint', color: 'blue' },
  built_in: { label: 'Built-in', color: 'teal' },
  no_model: { label: 'No model', color: 'gray' },
  google_ads: { label: 'Google Ads', color: 'grape' },
};

/** Each purpose of the AI with the provider (and model) that serves it now. */
export const AiPurposesTable = ({ purposes }: { purposes: TAiPurposeProvider[] }) => (
  <Table verticalSpacing="sm" aria-label="Who serves each purpose">
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={200}>Purpose</Table.Th>
        <Table.Th>Served by</Table.Th>
        <Table.Th w={130}>Kind</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {purposes.map((each) => (
        <Table.Tr key={each.purpose}>
          <Table.Td>
            <Text fw={500} size="sm">
              {each.label}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{each.provider}</Text>
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color={KIND_LOOK[each.kind].color}>
              {KIND_LOOK[each.kind].label}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
