import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TCurrentSubscription, TPlanUsageResponse, TSubscriptionType } from '@sales-assist/contract';
import { IconCoins, IconCrown } from '@tabler/icons-react';
import { useSession } from '../../../app/session/session-store';
import { useMe } from '../../../app/session/use-me';
import { PageShell } from '../../../ui/page-shell';
import { StatCard } from '../../../ui/stat-card';
import { usePricing } from '../../payments/hooks/use-pricing';
import { PlanLimitsTable } from '../components/plan-limits-table';
import { PlanStateCard } from '../components/plan-state-card';
import { usePlanUsage } from '../hooks/use-plan-usage';

const ABOUT = {
  Basic: 'The essentials to try automated content: a blog post, a few topics and social posts.',
  Premium: 'Room to grow: more blogs, topics, social posts and Google Ads, plus outreach campaigns.',
} as const;

/** With a paid subscription the limits count per billing period, else per calendar month. */
const countedPer = (usage: TPlanUsageResponse | undefined): string =>
  usage?.counted_per === 'subscription_period'
    ? 'Counted per billing period'
    : 'Counted per calendar month (UTC)';

/** The subscription's state in a word: a cancelled plan runs to the period's end, a failed renewal is due. */
const subscriptionBadge = (
  subscription: TCurrentSubscription | null,
  tier: TSubscriptionType,
): { label: string; color: string } => {
  if (subscription?.status === 'past_due') return { label: 'Payment due', color: 'red' };
  if (subscription?.cancel_at_period_end) return { label: 'Ending', color: 'orange' };
  return { label: 'Active', color: tier === 'Premium' ? 'indigo' : 'gray' };
};

/** /plan (the premium pop-up's target): the tier, the credits, the billing state and what the tier includes. */
export const PlanPage = () => {
  const session = useSession();
  const account = useMe().data ?? session;
  const usage = usePlanUsage().data;
  const pricing = usePricing().data;
  const plans = pricing?.monthlyPlans;
  const state = subscriptionBadge(pricing?.subscription ?? null, account?.subscription_type ?? 'Basic');
  if (!account) return null;
  const tier = account.subscription_type;
  return (
    <PageShell
      title="Current Plan"
      description="Your subscription, your credits and what your plan includes."
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <StatCard
            label="Subscription"
            value={
              <Group gap="xs">
                {tier}
                <Badge variant="light" color={state.color}>
                  {state.label}
                </Badge>
              </Group>
            }
            icon={IconCrown}
            color="indigo"
            footer={
              <Text size="sm" c="dimmed">
                {ABOUT[tier]}
              </Text>
            }
          />
          <StatCard
            label="Credits"
            value={account.credits.toLocaleString()}
            icon={IconCoins}
            color="yellow"
            footer={
              <Text size="sm" c="dimmed">
                Credits pay for work done on your behalf, such as creating an outreach campaign (50 credits).
              </Text>
            }
          />
        </SimpleGrid>
        <PlanStateCard />
        <Card>
          <Title order={4} mb={4}>
            Plan limits
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {usage
              ? `${countedPer(usage)}; your counts start again on ${usage.resets_on}.`
              : countedPer(usage)}
          </Text>
          <PlanLimitsTable
            current={tier}
            usage={usage}
            tiers={
              plans?.length
                ? plans.map(({ tier, limits, ai_requests_per_month }) => ({
                    tier,
                    limits,
                    aiRequests: ai_requests_per_month,
                  }))
                : undefined
            }
          />
        </Card>
      </Stack>
    </PageShell>
  );
};
