import { Card, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconShoppingCart } from '@tabler/icons-react';
import { formatMoney } from '../lib/money';

/** Beside the payment form: what is being bought and for how much, as frozen when the checkout began. */
export const OrderSummary = ({
  description,
  amountCents,
  currency,
}: {
  description: string;
  amountCents: number;
  currency: string;
}) => (
  <Card withBorder padding="lg" component="aside" aria-label="Order summary">
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light">
          <IconShoppingCart size={20} />
        </ThemeIcon>
        <Title order={4}>Order summary</Title>
      </Group>
      <Text fw={600}>{description}</Text>
      <Divider />
      <Group justify="space-between">
        <Text fw={600}>Total due today</Text>
        <Text fw={800} fz="xl">
          {formatMoney(amountCents, currency)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start" c="dimmed">
        <IconLock size={14} style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="xs">
          Payment is handled by Stripe; your card details never reach Sales Assist. Your plan or credits are
          added as soon as Stripe confirms the payment.
        </Text>
      </Group>
    </Stack>
  </Card>
);
