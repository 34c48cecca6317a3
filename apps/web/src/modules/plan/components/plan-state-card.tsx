import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconCreditCard, IconListDetails, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SubscriptionSummary } from '../../payments/components/subscription-summary';
import { useBillingPortal } from '../../payments/hooks/use-billing-portal';
import { usePricing } from '../../payments/hooks/use-pricing';

/**
 * The plan's state from GET /api/pricing (paid subscription: billing period, renewal or end date) and the
 * ways on: the plans (where a subscriber switches plan or interval), credit packs, and Stripe's portal for a
 * subscriber (cancel, card, invoices) or, for an account that bought credits only, its billing history.
 */
export const PlanStateCard = () => {
  const pricing = usePricing();
  const portal = useBillingPortal();
  const subscription = pricing.data?.subscription ?? null;
  return (
    <Card>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={4}>Billing</Title>
          {pricing.isPending ? (
            <Skeleton h={18} w={280} />
          ) : pricing.isError ? (
            <Text size="sm" c="dimmed">
              Your billing details could not be loaded.
            </Text>
          ) : subscription ? (
            <SubscriptionSummary subscription={subscription} />
          ) : (
            <Text size="sm" c="dimmed">
              No paid subscription: see the plans to upgrade, or buy credits at any time.
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/pricing" leftSection={<IconListDetails size={18} />}>
            See plans
          </Button>
          <Button
            component={Link}
            to="/pricing#credits"
            variant="light"
            leftSection={<IconCoins size={18} />}
          >
            Buy credits
          </Button>
          {subscription ? (
            <Button
              variant="default"
              leftSection={<IconCreditCard size={18} />}
              onClick={() => portal.mutate()}
              loading={portal.isPending}
            >
              Manage subscription
            </Button>
          ) : (
            // Credit packs bought without a plan: their invoices are in the same portal's history.
            pricing.data?.has_billing_account && (
              <Button
                variant="default"
                leftSection={<IconReceipt size={18} />}
                onClick={() => portal.mutate()}
                loading={portal.isPending}
              >
                Billing history
              </Button>
            )
          )}
        </Group>
      </Group>
    </Card>
  );
};
