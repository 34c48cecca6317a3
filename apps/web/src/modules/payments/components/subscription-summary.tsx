import { Text } from '@mantine/core';
import type { TCurrentSubscription } from '@sales-assist/contract';

export const formatDay = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "Premium, billed monthly: renews on December 24, 2026" (or ends then, once cancelled). */
export const SubscriptionSummary = ({ subscription }: { subscription: TCurrentSubscription }) => (
  <Text size="sm">
    {subscription.tier}, billed {subscription.interval === 'year' ? 'yearly' : 'monthly'}:{' '}
    {subscription.cancel_at_period_end ? 'ends' : 'renews'} on{' '}
    <Text span fw={600}>
      {formatDay(subscription.current_period_end)}
    </Text>
    {subscription.status === 'past_due' && (
      <Text span c="red" fw={600}>
        {' '}
        · the last payment failed: update your card in the billing portal
      </Text>
    )}
  </Text>
);
