import { Card, Group, Table, Tabs, Text, Title } from '@mantine/core';
import type { TFunnelRow, TOutreachAnalyticsResponse } from '@sales-assist/contract';
import { FUNNEL_STAGES } from '@sales-assist/contract';
import { percentText } from '../lib/analytics-period';
import { CsvButton } from './csv-button';

type TNamedRow = TFunnelRow & { name: string; key: string };

const HEADER = [
  'Leads reached',
  'Viewed',
  'Liked',
  'Commented',
  'Invited',
  'Accepted',
  'Messaged',
  'Replied',
  'Interested',
];

/** "66.7% (2 of 3)"; a dash when there was nothing to count from. */
const rateCell = (rate: TFunnelRow['rates']['acceptance']) =>
  rate.percent === null ? '–' : `${percentText(rate.percent)} (${rate.count} of ${rate.of})`;

const BreakdownTable = ({
  rows,
  first,
  fileName,
}: {
  rows: TNamedRow[];
  first: string;
  fileName: string;
}) => (
  <>
    <Group justify="flex-end" my="xs">
      <CsvButton
        fileName={fileName}
        header={[
          first,
          ...HEADER,
          'Acceptance rate',
          'Accepted of invited',
          'Reply rate',
          'Replied of messaged',
        ]}
        rows={() =>
          rows.map((row) => [
            row.name,
            ...FUNNEL_STAGES.map((stage) => row[stage.key]),
            percentText(row.rates.acceptance.percent),
            `${row.rates.acceptance.count} of ${row.rates.acceptance.of}`,
            percentText(row.rates.reply.percent),
            `${row.rates.reply.count} of ${row.rates.reply.of}`,
          ])
        }
      />
    </Group>
    {rows.length === 0 ? (
      <Text c="dimmed" size="sm" py="md" ta="center">
        Nothing in this period.
      </Text>
    ) : (
      <Table.ScrollContainer minWidth={980}>
        <Table
          verticalSpacing="xs"
          highlightOnHover
          striped
          aria-label={`Outreach by ${first.toLowerCase()}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{first}</Table.Th>
              {HEADER.map((title) => (
                <Table.Th key={title} ta="right">
                  {title}
                </Table.Th>
              ))}
              <Table.Th ta="right">Acceptance rate</Table.Th>
              <Table.Th ta="right">Reply rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td maw={260}>
                  <Text size="sm" fw={500} truncate="end" title={row.name}>
                    {row.name}
                  </Text>
                </Table.Td>
                {FUNNEL_STAGES.map((stage) => (
                  <Table.Td key={stage.key} ta="right">
                    {row[stage.key].toLocaleString('en-US')}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{rateCell(row.rates.acceptance)}</Table.Td>
                <Table.Td ta="right">{rateCell(row.rates.reply)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )}
  </>
);

/** The funnel per campaign, LinkedIn account, message template and tone, each table with its CSV export. */
export const BreakdownTables = ({ data }: { data: TOutreachAnalyticsResponse }) => (
  <Card>
    <Title order={4} mb="xs">
      Breakdown
    </Title>
    <Tabs defaultValue="campaign" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="campaign">Campaigns</Tabs.Tab>
        <Tabs.Tab value="account">Accounts</Tabs.Tab>
        <Tabs.Tab value="template">Message templates</Tabs.Tab>
        <Tabs.Tab value="tone">Tones</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="campaign">
        <BreakdownTable
          first="Campaign"
          fileName="outreach-by-campaign.csv"
          rows={data.by_campaign.map((row) => ({
            ...row,
            key: `${row.campaign_id ?? 'deleted'}-${row.name}`,
          }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="account">
        <BreakdownTable
          first="Account"
          fileName="outreach-by-account.csv"
          rows={data.by_account.map((row) => ({ ...row, key: row.account_id ?? 'unlinked' }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="template">
        <BreakdownTable
          first="Template"
          fileName="outreach-by-template.csv"
          rows={data.by_template.map((row) => ({ ...row, name: row.template, key: row.template }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="tone">
        <BreakdownTable
          first="Tone"
          fileName="outreach-by-tone.csv"
          rows={data.by_tone.map((row) => ({ ...row, name: row.tone, key: row.tone }))}
        />
      </Tabs.Panel>
    </Tabs>
  </Card>
);
