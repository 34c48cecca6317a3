import { ActionIcon, Anchor, Badge, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import type { TLead } from '@sales-assist/contract';
import { IconExternalLink, IconUserSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProfileAvatar } from '../../../ui/profile-avatar';
import { TruncatedText } from '../../../ui/truncated-text';
import { LeadEmailCell } from './lead-email-cell';

type TLeadRowProps = { lead: TLead; selected: boolean; onToggle: () => void };

/** "linkedin.com/in/jane-doe" reads better in a narrow column than the whole address. */
const linkText = (url: string): string =>
  url.replace(/^https?:\/\/(www\.)?(linkedin\.com\/)?/i, '').replace(/\/$/, '');

/** One lead of the all-leads table, columns in the spec's order, the e-mail Find Email found before the link. */
export const LeadRow = ({ lead, selected, onToggle }: TLeadRowProps) => (
  <Table.Tr bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
    <Table.Td>
      <Checkbox checked={selected} onChange={onToggle} aria-label={`Select ${lead.Name}`} />
    </Table.Td>
    <Table.Td>
      <ProfileAvatar src={lead['Profile Image URL']} name={lead.Name} />
    </Table.Td>
    <Table.Td>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {lead.Name}
        </Text>
        <Tooltip label="Prospect Research" withArrow>
          <ActionIcon
            component={Link}
            to={`/prospect-research?lead=${lead.id}`}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Research ${lead.Name}`}
          >
            <IconUserSearch size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
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
      <LeadEmailCell email={lead.email} />
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
