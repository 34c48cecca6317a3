import { Group, Progress, Text } from '@mantine/core';
import type { TKeywordMetrics } from '@sales-assist/contract';

/** Our relevance score (0–100) as a short bar and its number. */
export const RelevanceMeter = ({ value }: { value: number }) => (
  <Group gap={8} wrap="nowrap" aria-label={`Relevance ${value} of 100`}>
    <Progress value={value} w={56} size="sm" color={value >= 70 ? 'teal' : value >= 40 ? 'yellow' : 'gray'} />
    <Text size="sm" c="dimmed" w={26} ta="right">
      {value}
    </Text>
  </Group>
);

const number = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A metric as Google gave it, or a dash where it gave none (never an estimate). */
export const searchesOf = (metrics: TKeywordMetrics | null): string =>
  metrics?.avg_monthly_searches == null ? '—' : number.format(metrics.avg_monthly_searches);

export const competitionOf = (metrics: TKeywordMetrics | null): string => {
  if (!metrics?.competition) return '—';
  const label = metrics.competition.charAt(0).toUpperCase() + metrics.competition.slice(1);
  return metrics.competition_index == null ? label : `${label} (${metrics.competition_index})`;
};

export const bidsOf = (metrics: TKeywordMetrics | null): string => {
  const low = metrics?.low_top_of_page_bid;
  const high = metrics?.high_top_of_page_bid;
  if (low == null && high == null) return '—';
  if (low == null || high == null) return money.format((low ?? high) as number);
  return `${money.format(low)}–${money.format(high)}`;
};
