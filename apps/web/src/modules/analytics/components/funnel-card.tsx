import { BarChart } from '@mantine/charts';
import { Card, Grid, Group, Table, Text, Title } from '@mantine/core';
import { FUNNEL_STAGES, type TFunnelCounts } from '@sales-assist/contract';
import { CsvButton } from './csv-button';

/**
 * The funnel as bars, one per stage, with the same figures in a table beside it. Bars rather than a
 * funnel's narrowing shape: the like and the comment are skipped for people without a recent post, so a
 * later stage can hold more leads than an earlier one, which a funnel drawing would hide.
 */
export const FunnelCard = ({ funnel }: { funnel: TFunnelCounts }) => {
  const data = FUNNEL_STAGES.map((stage) => ({ stage: stage.label, Leads: funnel[stage.key] }));
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={4}>Funnel</Title>
        <CsvButton
          fileName="outreach-funnel.csv"
          header={['Stage', 'Leads']}
          rows={() => data.map((row) => [row.stage, row.Leads])}
        />
      </Group>
      <Grid gap="lg" align="center">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <BarChart
            h={300}
            data={data}
            dataKey="stage"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            xAxisProps={{ allowDecimals: false }}
            series={[{ name: 'Leads', color: 'blue.6' }]}
            withBarValueLabel
            gridAxis="none"
            aria-label="Outreach funnel chart"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Table aria-label="Outreach funnel" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Stage</Table.Th>
                <Table.Th ta="right">Leads</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={row.stage}>
                  <Table.Td>{row.stage}</Table.Td>
                  <Table.Td ta="right">
                    <Text fw={600} size="sm">
                      {row.Leads.toLocaleString('en-US')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Grid.Col>
      </Grid>
    </Card>
  );
};
