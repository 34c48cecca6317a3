import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { TAdminUser, TSubscriptionType } from '@sales-assist/contract';
import { type FormEvent, useState } from 'react';
import { useSetUserPlan } from '../hooks/use-set-user-plan';

const PLANS: { value: TSubscriptionType; description: string }[] = [
  { value: 'Basic', description: 'The free plan: Basic limits' },
  { value: 'Premium', description: 'Premium limits, given without a payment' },
];

const ChangePlanForm = ({ user, onDone }: { user: TAdminUser; onDone: () => void }) => {
  const [plan, setPlan] = useState<TSubscriptionType>(user.subscription_type);
  const setUserPlan = useSetUserPlan();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUserPlan.mutate({ id: user.id, plan: { subscription_type: plan } }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          <b>{user.email}</b> is on <b>{user.subscription_type}</b>.
        </Text>
        <Radio.Group label="Plan" value={plan} onChange={(value) => setPlan(value as TSubscriptionType)}>
          <Stack gap="xs" mt="xs">
            {PLANS.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.value}
                description={option.description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          A plan given here has no Stripe subscription: its limits count per calendar month (UTC). An account
          that pays through Stripe switches its plan on the Pricing screen or cancels in the billing portal
          instead.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={setUserPlan.isPending} disabled={plan === user.subscription_type}>
            Change plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type TUserPlanModalProps = { user: TAdminUser | null; onClose: () => void };

/** The users table's "Change plan" action: pick Basic or Premium, then confirm. */
export const UserPlanModal = ({ user, onClose }: TUserPlanModalProps) => (
  <Modal opened={user !== null} onClose={onClose} title="Change plan">
    {user && <ChangePlanForm key={user.id} user={user} onDone={onClose} />}
  </Modal>
);
