import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { MAXIMUM_CREDITS, type TAdminPlan } from '@sales-assist/contract';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/api/toast';
import { useUpdatePlan } from '../hooks/use-admin-plans';
import {
  AI_ALLOWANCE_FIELD,
  LIMIT_FIELDS,
  planFormOf,
  planFormProblems,
  planRequestOf,
  type TPlanForm,
} from '../lib/plan-form';

/**
 * One plan's editor: name, description, the §9 limits and the AI allowance, prices in dollars, credits per paid month and
 * whether it is sold. Save is enabled once something changed; problems show when saving.
 */
export const PlanEditorCard = ({ plan }: { plan: TAdminPlan }) => {
  const saved = planFormOf(plan);
  const [form, setForm] = useState<TPlanForm>(saved);
  const [showProblems, setShowProblems] = useState(false);
  const update = useUpdatePlan();
  const problems = planFormProblems(form, plan.free);
  // Compared as the request they would send: "49" and 49.00 are the same price.
  const dirty =
    Object.keys(problems).length > 0 ||
    JSON.stringify(planRequestOf(form)) !== JSON.stringify(planRequestOf(saved));
  const set = <K extends keyof TPlanForm>(key: K, value: TPlanForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const shown = showProblems ? problems : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      const numeric = Object.values(problems).some((problem) => problem === 'Please enter valid number');
      toast('error', numeric ? 'Please enter valid number' : (Object.values(problems)[0] ?? ''));
      return;
    }
    setShowProblems(false);
    update.mutate(
      { id: plan.id, plan: planRequestOf(form) },
      { onSuccess: (answer) => setForm(planFormOf(answer)) },
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={`Plan ${plan.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <Title order={3}>{plan.name}</Title>
              <Badge variant="light" color={plan.tier === 'Premium' ? 'indigo' : 'gray'}>
                {plan.tier}
              </Badge>
              {plan.free && (
                <Badge variant="outline" color="gray">
                  Free plan
                </Badge>
              )}
              {!plan.active && (
                <Badge variant="light" color="orange">
                  Not sold
                </Badge>
              )}
            </Group>
            <Switch
              label="Active"
              checked={form.active}
              disabled={plan.free}
              onChange={(event) => set('active', event.currentTarget.checked)}
            />
          </Group>
          {plan.free && (
            <Text size="sm" c="dimmed">
              Every account without a paid subscription is on this plan: it stays free, active and without
              monthly credits. Its limits can be changed.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              value={form.name}
              maxLength={60}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={shown.name}
              required
            />
            <Textarea
              label="Description"
              value={form.description}
              maxLength={300}
              autosize
              minRows={1}
              onChange={(event) => set('description', event.currentTarget.value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Monthly price"
              prefix="$"
              decimalScale={2}
              min={0}
              allowNegative={false}
              thousandSeparator=","
              value={form.monthlyDollars}
              onChange={(value) => set('monthlyDollars', value)}
              disabled={plan.free}
              error={shown.monthlyDollars}
            />
            <NumberInput
              label="Annual price"
              prefix="$"
              decimalScale={2}
              min={0}
              allowNegative={false}
              thousandSeparator=","
              value={form.annualDollars}
              onChange={(value) => set('annualDollars', value)}
              disabled={plan.free}
              error={shown.annualDollars}
            />
            <NumberInput
              label="Credits per month"
              description="Added for each paid month"
              min={0}
              max={MAXIMUM_CREDITS}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={form.monthlyCredits}
              onChange={(value) => set('monthlyCredits', value)}
              disabled={plan.free}
              error={shown.monthlyCredits}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {LIMIT_FIELDS.map(({ key, label }) => (
              <NumberInput
                key={key}
                label={label}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={form.limits[key]}
                onChange={(value) => set('limits', { ...form.limits, [key]: value })}
                error={shown[key]}
              />
            ))}
            <NumberInput
              label={AI_ALLOWANCE_FIELD.label}
              description={AI_ALLOWANCE_FIELD.description}
              placeholder="Unlimited"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={form.aiRequests}
              onChange={(value) => set('aiRequests', value)}
              error={shown.aiRequests}
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Changes apply to the next checkout and to every account's limits at once; running subscriptions
              keep the price they were bought at.
            </Text>
            <Group gap="xs">
              {dirty && (
                <Button variant="default" onClick={() => setForm(saved)}>
                  Discard
                </Button>
              )}
              <Button type="submit" disabled={!dirty} loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
