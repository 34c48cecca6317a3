import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PAYMENT_THANKS, type TSessionStatusResponse } from '@sales-assist/contract';
import {
  type Icon,
  IconCircleCheck,
  IconClockX,
  IconCoins,
  IconCrown,
  IconRefresh,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { BackToPricing, PaymentLoadError } from '../components/payment-load-error';
import { useRefreshAccount } from '../hooks/use-refresh-account';
import { isAwaitingFulfilment, useSessionStatus } from '../hooks/use-session-status';
import { formatMoney } from '../lib/money';

const Centered = ({ children }: { children: React.ReactNode }) => (
  <Card withBorder padding="xl" maw={720} mx="auto" w="100%">
    {children}
  </Card>
);

/** One figure of the purchase (never cut short: the plan's name is a word, the numbers are short). */
const Figure = ({
  label,
  value,
  icon: IconComponent,
  color,
}: {
  label: string;
  value: string;
  icon: Icon;
  color: string;
}) => (
  <Card withBorder padding="md">
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={40} radius="md" variant="light" color={color}>
        <IconComponent size={22} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        <Text fz={22} fw={800} lh={1.2}>
          {value}
        </Text>
      </Stack>
    </Group>
  </Card>
);

const Thanks = ({ status }: { status: TSessionStatusResponse }) => (
  <Stack gap="lg">
    <Stack align="center" ta="center" gap="xs">
      <ThemeIcon size={72} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={44} />
      </ThemeIcon>
      <Title order={2}>{PAYMENT_THANKS}</Title>
      <Text c="dimmed">
        {status.description} · {formatMoney(status.amount_cents, status.currency)}
      </Text>
    </Stack>
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Figure
        label="Credits added"
        value={`+${status.credits_added.toLocaleString('en-US')}`}
        icon={IconCoins}
        color="yellow"
      />
      <Figure label="Your plan" value={status.subscription_type} icon={IconCrown} color="indigo" />
      <Figure
        label="Balance now"
        value={status.credits.toLocaleString('en-US')}
        icon={IconCoins}
        color="teal"
      />
    </SimpleGrid>
    <Group justify="center" gap="sm">
      <Button component={Link} to="/plan">
        See your plan
      </Button>
      <Button component={Link} to="/" variant="default">
        Go to the dashboard
      </Button>
    </Group>
  </Stack>
);

/** Paid, but the webhook has not added it yet: the query asks again for a while (useSessionStatus). */
const Confirming = ({ polling, onRetry }: { polling: boolean; onRetry: () => void }) =>
  polling ? (
    <Stack align="center" ta="center" gap="sm" py="lg" role="status">
      <Loader size="lg" />
      <Title order={3}>Confirming your payment…</Title>
      <Text c="dimmed">Stripe has taken your payment; your plan and credits are being added.</Text>
    </Stack>
  ) : (
    <EmptyState
      icon={IconClockX}
      title="Your payment went through, but it is taking longer than usual to reach your account"
      hint="Nothing more to do: your plan and credits are added as soon as Stripe tells us. Check again in a minute."
      action={
        <Button mt="xs" variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          Check again
        </Button>
      }
    />
  );

/**
 * The payment success screen at PAYMENT_SUCCESS_PATH/{id} (spec §2): Stripe's return_url. It asks
 * GET /api/session-status with the id from the route and thanks the buyer once the purchase is added.
 */
export const PaymentSuccessPage = () => {
  const sessionId = useParams().sessionId ?? '';
  const status = useSessionStatus(sessionId);
  const refreshAccount = useRefreshAccount();
  const data = status.data;
  const fulfilled = data?.fulfilled === true;

  // The header's balance, the premium pop-up's tier and the plan's limits follow the purchase.
  useEffect(() => {
    if (fulfilled) void refreshAccount();
  }, [fulfilled, refreshAccount]);

  const body = () => {
    if (status.isError) {
      return (
        <PaymentLoadError
          error={status.error}
          notFoundHint="This payment is not yours or no longer exists."
          what="your payment"
          onRetry={() => void status.refetch()}
        />
      );
    }
    if (!data) {
      return (
        <Stack align="center" py="lg" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">Checking your payment…</Text>
        </Stack>
      );
    }
    if (data.fulfilled) return <Thanks status={data} />;
    if (isAwaitingFulfilment(data)) {
      return <Confirming polling={!status.gaveUp} onRetry={() => void status.refetch()} />;
    }
    if (data.status === 'expired') {
      return (
        <EmptyState
          icon={IconClockX}
          title="This checkout has expired"
          hint="Nothing was charged. Start again from the pricing page."
          action={<BackToPricing />}
        />
      );
    }
    return (
      <EmptyState
        icon={IconClockX}
        title="Your payment is not finished"
        hint={`${data.description}: nothing has been charged yet.`}
        action={
          <Button component={Link} to={`/checkout/${encodeURIComponent(sessionId)}`} mt="xs">
            Back to the checkout
          </Button>
        }
      />
    );
  };

  return <Centered>{body()}</Centered>;
};
