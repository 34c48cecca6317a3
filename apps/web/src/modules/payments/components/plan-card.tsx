import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TPricedPlan } from '@sales-assist/contract';
import { IconCheck, IconCoins, IconCrown, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/money';
import { annualSaving, creditsInWords, limitsInWords, perInterval } from '../lib/plan-words';

type TPlanCardProps = {
  plan: TPricedPlan;
  /** The same tier's monthly price, to show what the annual one saves. */
  monthly?: TPricedPlan;
  /** The buy, upgrade or manage button. */
  action: ReactNode;
};

const Price = ({ plan, monthly }: { plan: TPricedPlan; monthly?: TPricedPlan }) => {
  if (plan.price_cents === 0) {
    return (
      <Text fz={34} fw={800} lh={1.1}>
        Free
      </Text>
    );
  }
  const saving = plan.interval === 'year' ? annualSaving(plan, monthly) : null;
  return (
    <Stack gap={2}>
      <Group gap={4} align="baseline">
        <Text fz={34} fw={800} lh={1.1}>
          {formatMoney(plan.price_cents, plan.currency)}
        </Text>
        <Text c="dimmed">/ {perInterval(plan.interval)}</Text>
      </Group>
      {plan.interval === 'year' && (
        <Text size="sm" c="dimmed">
          {formatMoney(Math.round(plan.price_cents / 12), plan.currency)} a month, billed yearly
          {saving && (
            <Text span c="teal" fw={600}>
              {' '}
              · save {formatMoney(saving.cents, plan.currency)} ({saving.percent}%)
            </Text>
          )}
        </Text>
      )}
    </Stack>
  );
};

/** One plan at one interval: price, §9 limits in words, credits included; "Current Plan" when it is the caller's. */
export const PlanCard = ({ plan, monthly, action }: TPlanCardProps) => (
  <Card
    component="section"
    aria-label={`${plan.name} plan`}
    withBorder
    padding="xl"
    style={plan.current ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}
  >
    <Stack gap="md" h="100%">
      {/* Wraps: two cards share 680 px at 1024 px wide, and "Current Plan" must not end in "…". */}
      <Group justify="space-between" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon
            size={40}
            radius="md"
            variant="light"
            color={plan.tier === 'Premium' ? 'indigo' : 'gray'}
          >
            <IconCrown size={22} />
          </ThemeIcon>
          <Title order={3}>{plan.name}</Title>
        </Group>
        {plan.current && (
          <Badge size="lg" variant="filled">
            Current Plan
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {plan.description}
      </Text>
      <Price plan={plan} monthly={monthly} />
      <List
        spacing={6}
        size="sm"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal" variant="light">
            <IconCheck size={13} />
          </ThemeIcon>
        }
      >
        {limitsInWords(plan.limits).map(({ text, included }) => (
          <List.Item
            key={text}
            c={included ? undefined : 'dimmed'}
            icon={
              included ? undefined : (
                <ThemeIcon size={20} radius="xl" color="gray" variant="light">
                  <IconX size={13} />
                </ThemeIcon>
              )
            }
          >
            {text}
          </List.Item>
        ))}
        <List.Item
          icon={
            <ThemeIcon size={20} radius="xl" color="yellow" variant="light">
              <IconCoins size={13} />
            </ThemeIcon>
          }
        >
          {creditsInWords(plan)}
        </List.Item>
      </List>
      <Stack mt="auto">{action}</Stack>
    </Stack>
  </Card>
);
