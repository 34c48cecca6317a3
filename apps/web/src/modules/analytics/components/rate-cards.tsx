import { SimpleGrid, Text } from '@mantine/core';
import type { TRate } from '@sales-assist/contract';
import { IconMessageCircle, IconUserCheck } from '@tabler/icons-react';
import { StatCard } from '../../../ui/stat-card';
import { percentText } from '../lib/analytics-period';

/** "34% · 120 of 352"; a rate of nothing (no request sent) is a dash, never "0 of 0". */
const rateValue = (rate: TRate): string =>
  rate.percent === null ? '–' : `${percentText(rate.percent)} · ${rate.count} of ${rate.of}`;

/** "Acceptance rate 34% · 120 of 352": each rate with the counts it is the ratio of. */
export const RateCards = ({ acceptance, reply }: { acceptance: TRate; reply: TRate }) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }}>
    <StatCard
      label="Acceptance rate"
      icon={IconUserCheck}
      color="teal"
      value={rateValue(acceptance)}
      footer={
        <Text size="sm" c="dimmed">
          {acceptance.of === 0
            ? 'No connection request was sent in the period'
            : 'Connection requests accepted of those sent in the period'}
        </Text>
      }
    />
    <StatCard
      label="Reply rate"
      icon={IconMessageCircle}
      color="violet"
      value={rateValue(reply)}
      footer={
        <Text size="sm" c="dimmed">
          {reply.of === 0
            ? 'No lead was messaged in the period'
            : 'Leads who replied of those messaged in the period'}
        </Text>
      }
    />
  </SimpleGrid>
);
