import { Anchor, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import type { TLead } from '@sales-assist/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { ProfileAvatar } from '../../../ui/profile-avatar';
import { TruncatedText } from '../../../ui/truncated-text';

type TLeadRowProps = { lead: TLead; selecting: boolean; onToggle: () => void };

/** "linkedin.com/in/jane-doe" reads better in a narrow column than the whole address. */
const linkText = (url: string): string =>
  url.replace(/^https?:\/\/(www\.)?(linkedin\.com\/)?/i, '').replace(/\/$/, '');

/** One lead of the all-leads table, columns in the spec's order. */
export const LeadRow = ({ lead, selecting, onToggle }: TLeadRowProps) => (
  <Table.Tr bg={lead.isSelected ? 'var(--mantine-color-blue-light)' : undefined}>
    <Table.Td>
      <Checkbox
        checked={lead.isSelected}
        disabled={selecting}
        onChange={onToggle}
        aria-label={`Select ${lead.Name}`}
      />
    </Table.Td>
    <Table.Td>
      <ProfileAvatar src={lead['Profile Image URL']} name={lead.Name} />
    </Table.Td>
    <Table.Td>
      <Text size="sm" fw={600}>
        {lead.Name}
      </Text>
    </Table.Td>
    <Table.Td>
      <TruncatedText text={lead.Headline} />
    </Table.Td>
    <Table.Td>
      <Text size="sm" lineClamp={2} title={lead.Location}>
        {lead.Location}
      </Text>
    </Table.Td>
    <Table.Td>
      <TruncatedText text={lead.Company} />
    </Table.Td>
    <Table.Td>
      {lead['Connection Degree'] && (
        <Badge variant="outline" color="gray" radius="sm" style={{ textTransform: 'none' }}>
          {lead['Connection Degree']}
        </Badge>
      )}
    </Table.Td>
    <Table.Td>
      <Text size="sm">{lead.Source}</Text>
    </Table.Td>
    <Table.Td>
      {lead['Linkedin URL'] && (
        <Anchor
          href={lead['Linkedin URL']}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          display="block"
        >
          <Group gap={4} wrap="nowrap" maw="100%">
            <Text span size="sm" truncate="end" title={lead['Linkedin URL']} miw={0}>
              {linkText(lead['Linkedin URL'])}
            </Text>
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
    </Table.Td>
  </Table.Tr>
);
