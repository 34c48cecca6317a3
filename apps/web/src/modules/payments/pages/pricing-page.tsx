import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TBillingInterval, TPricedPlan, TPricingResponse } from '@sales-assist/contract';
import { IconCreditCard, IconListDetails } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { CreditPacks } from '../components/credit-packs';
import { IntervalSwitch } from '../components/interval-switch';
import { PlanCard } from '../components/plan-card';
import { SubscriptionSummary } from '../components/subscription-summary';
import { SwitchPlanDialog, switchLabel } from '../components/switch-plan-dialog';
import { useBillingPortal } from '../hooks/use-billing-portal';
import { useChangeSubscription } from '../hooks/use-change-subscription';
import { usePricing } from '../hooks/use-pricing';
import { useStartCheckout } from '../hooks/use-start-checkout';
import { annualSaving } from '../lib/plan-words';

const PlansSkeleton = () => (
  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" role="status" aria-label="Loading the plans">
    <Skeleton h={420} radius="lg" />
    <Skeleton h={420} radius="lg" />
  </SimpleGrid>
);

/** The best saving any annual plan gives over twelve monthly payments, for the switch's badge. */
const bestAnnualSaving = (pricing: TPricingResponse): number | null => {
  const percents = pricing.annualPlans
    .map(
      (plan) =>
        annualSaving(
          plan,
          pricing.monthlyPlans.find((m) => m.tier === plan.tier),
        )?.percent,
    )
    .filter((percent): percent is number => percent !== undefined);
  return percents.length ? Math.max(...percents) : null;
};

const PricingContent = ({ pricing }: { pricing: TPricingResponse }) => {
  const [interval, setBillingInterval] = useState<TBillingInterval>(
    pricing.subscription?.interval ?? 'month',
  );
  const checkout = useStartCheckout();
  const portal = useBillingPortal();
  const switchPlan = useChangeSubscription();
  const [switchTarget, setSwitchTarget] = useState<TPricedPlan | null>(null);
  const { hash } = useLocation();
  const plans = interval === 'year' ? pricing.annualPlans : pricing.monthlyPlans;
  const pending = checkout.isPending ? checkout.variables : undefined;
  const busy = checkout.isPending || portal.isPending || switchPlan.isPending;

  // "Buy credits" on the plan page leads to /pricing#credits.
  useEffect(() => {
    if (hash === '#credits') document.getElementById('credits')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const manage = (
    <Button
      variant="light"
      leftSection={<IconCreditCard size={18} />}
      onClick={() => portal.mutate()}
      loading={portal.isPending}
      disabled={checkout.isPending || switchPlan.isPending}
    >
      Manage subscription
    </Button>
  );

  const actionFor = (plan: TPricedPlan) => {
    // A subscriber switches to another paid plan or interval here (the difference charged now, prorated);
    // cancelling and the card stay in Stripe's portal.
    const subscription = pricing.subscription;
    if (subscription) {
      if (plan.current) return manage;
      if (plan.price_cents > 0)
        return (
          <Button
            size="md"
            onClick={() => setSwitchTarget(plan)}
            loading={
              switchPlan.isPending &&
              switchPlan.variables?.plan_id === plan.id &&
              switchPlan.variables.interval === plan.interval
            }
            disabled={busy}
          >
            {switchLabel(plan, subscription.plan_id)}
          </Button>
        );
      return (
        <Text size="sm" c="dimmed" ta="center">
          Cancel your subscription in Manage subscription to return to {plan.name} at the end of the period
        </Text>
      );
    }
    if (plan.current) {
      return (
        <Button variant="default" disabled>
          Your current plan
        </Button>
      );
    }
    if (plan.price_cents === 0) {
      return (
        <Text size="sm" c="dimmed" ta="center">
          Every account starts on {plan.name}
        </Text>
      );
    }
    const upgrade = pricing.subscription_type === 'Basic' && plan.tier !== 'Basic';
    return (
      <Button
        size="md"
        onClick={() => checkout.mutate({ kind: 'plan', plan_id: plan.id, interval: plan.interval })}
        loading={
          pending?.kind === 'plan' && pending.plan_id === plan.id && pending.interval === plan.interval
        }
        disabled={busy}
      >
        {upgrade ? `Upgrade to ${plan.name}` : `Buy ${plan.name}`}
      </Button>
    );
  };

  return (
    <Stack gap="xl">
      <Card withBorder>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text size="sm">
              Your plan:{' '}
              <Text span fw={700}>
                {pricing.subscription_type}
              </Text>{' '}
              · Balance:{' '}
              <Text span fw={700}>
                {pricing.credits.toLocaleString('en-US')} credits
              </Text>
            </Text>
            {pricing.subscription && <SubscriptionSummary subscription={pricing.subscription} />}
          </Stack>
          {pricing.subscription && manage}
        </Group>
      </Card>
      {pricing.subscription && (
        <SwitchPlanDialog
          target={switchTarget}
          currentInterval={pricing.subscription.interval}
          switching={switchPlan.isPending}
          onClose={() => setSwitchTarget(null)}
          onConfirm={(plan) =>
            switchPlan.mutate(
              { plan_id: plan.id, interval: plan.interval, planName: plan.name },
              // The dialog closes once the switch shows (or failed: the server's message is toasted).
              { onSettled: () => setSwitchTarget(null) },
            )
          }
        />
      )}
      <IntervalSwitch
        value={interval}
        onChange={setBillingInterval}
        annualSavingPercent={bestAnnualSaving(pricing)}
      />
      {plans.length === 0 ? (
        <EmptyState icon={IconListDetails} title="No plans are on sale right now" hint="Check back later." />
      ) : (
        <SimpleGrid cols={{ base: 1, md: Math.min(plans.length, 3) }} spacing="lg">
          {plans.map((plan) => (
            <PlanCard
              key={`${plan.id}-${plan.interval}`}
              plan={plan}
              monthly={pricing.monthlyPlans.find((monthly) => monthly.tier === plan.tier)}
              action={actionFor(plan)}
            />
          ))}
        </SimpleGrid>
      )}
      <Stack gap="sm" id="credits">
        <Title order={3}>Credit packs</Title>
        <Text size="sm" c="dimmed">
          Credits pay for work done on your behalf, such as creating an outreach campaign. A pack adds to your
          balance at once, on any plan.
        </Text>
        <CreditPacks
          packs={pricing.creditPacks}
          onBuy={(pack) => checkout.mutate({ kind: 'credits', pack_id: pack.id })}
          buying={pending?.kind === 'credits' ? pending.pack_id : null}
          disabled={busy}
        />
      </Stack>
    </Stack>
  );
};

/** /pricing ("Current Plan" in the pop-up menu): the plans side by side, the current one marked, and credit packs. */
export const PricingPage = () => {
  const pricing = usePricing();
  return (
    <PageShell title="Pricing" description="Pick the plan that fits your team, or top up your credits.">
      {pricing.data ? (
        <PricingContent pricing={pricing.data} />
      ) : pricing.isError ? (
        <LoadFailed what="the plans" onRetry={() => void pricing.refetch()} />
      ) : (
        <PlansSkeleton />
      )}
    </PageShell>
  );
};
