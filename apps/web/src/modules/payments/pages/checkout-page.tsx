import { Button, Grid, Skeleton } from '@mantine/core';
import { PAYMENT_SUCCESS_PATH } from '@sales-assist/contract';
import { IconCircleCheck, IconClockX } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { PageShell } from '../../../ui/page-shell';
import { EmbeddedCheckout } from '../components/embedded-checkout';
import { OrderSummary } from '../components/order-summary';
import { BackToPricing, PaymentLoadError } from '../components/payment-load-error';
import { useCheckoutSession } from '../hooks/use-checkout-session';

/** /checkout/{id} (spec §2): Stripe's embedded Checkout for the caller's session, with what is bought beside it. */
export const CheckoutPage = () => {
  const id = useParams().id ?? '';
  const session = useCheckoutSession(id);
  const data = session.data;

  const body = () => {
    if (session.isError) {
      return (
        <PaymentLoadError
          error={session.error}
          notFoundHint="This payment link is not yours or no longer exists."
          what="the payment"
          onRetry={() => void session.refetch()}
        />
      );
    }
    if (!data) {
      return (
        <Grid gap="lg" role="status" aria-label="Loading the payment">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={480} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={220} radius="lg" />
          </Grid.Col>
        </Grid>
      );
    }
    if (data.status === 'complete') {
      return (
        <EmptyState
          icon={IconCircleCheck}
          title="This payment is complete"
          hint={`${data.description}: already paid.`}
          action={
            <Button component={Link} to={`${PAYMENT_SUCCESS_PATH}/${encodeURIComponent(data.id)}`} mt="xs">
              See your receipt
            </Button>
          }
        />
      );
    }
    if (data.status === 'expired') {
      return (
        <EmptyState
          icon={IconClockX}
          title="This checkout has expired"
          hint="Nothing was charged. Start again from the pricing page."
          action={<BackToPricing label="Choose again" />}
        />
      );
    }
    return (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EmbeddedCheckout
            scriptUrl={data.script_url}
            publishableKey={data.publishable_key}
            clientSecret={data.client_secret}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderSummary
            description={data.description}
            amountCents={data.amount_cents}
            currency={data.currency}
          />
        </Grid.Col>
      </Grid>
    );
  };

  return (
    <PageShell title="Checkout" back="/pricing">
      {body()}
    </PageShell>
  );
};
