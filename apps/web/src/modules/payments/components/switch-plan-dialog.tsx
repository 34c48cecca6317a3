import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TPricedPlan } from '@sales-assist/contract';
import { useRef } from 'react';
import { formatMoney } from '../lib/money';
import { creditsInWords, perInterval } from '../lib/plan-words';

type TSwitchPlanDialogProps = {
  /** The plan and interval switched to; null: closed. */
  target: TPricedPlan | null;
  /** The subscription's interval now, to say whether the period restarts. */
  currentInterval: TPricedPlan['interval'];
  switching: boolean;
  onConfirm: (plan: TPricedPlan) => void;
  onClose: () => void;
};

/** The button's words for a switch: the same plan at the other interval, or another plan. */
export const switchLabel = (plan: TPricedPlan, subscribedPlanId: string): string =>
  plan.id === subscribedPlanId
    ? `Switch to ${plan.interval === 'year' ? 'annual' : 'monthly'}`
    : `Switch to ${plan.name}`;

/**
 * Confirms a switch before any money moves: the new price, and that the difference is charged now
 * (the new price less the unused part of the period already paid, prorated by Stripe).
 */
export const SwitchPlanDialog = ({
  target: asked,
  currentInterval,
  switching,
  onConfirm,
  onClose,
}: TSwitchPlanDialogProps) => {
  // The last plan asked for stays in the dialog while it fades out, rather than an empty box.
  const last = useRef<TPricedPlan | null>(null);
  if (asked) last.current = asked;
  const target = asked ?? last.current;
  return (
    <Modal
      opened={asked !== null}
      onClose={switching ? () => undefined : onClose}
      title={
        target ? `Switch to ${target.name}, billed ${target.interval === 'year' ? 'yearly' : 'monthly'}?` : ''
      }
      closeOnClickOutside={!switching}
      closeOnEscape={!switching}
      withCloseButton={!switching}
    >
      {target && (
        <Stack gap="md">
          <Text>
            Your new price:{' '}
            <Text span fw={700}>
              {formatMoney(target.price_cents, target.currency)} a {perInterval(target.interval)}
            </Text>
            .
          </Text>
          <List size="sm" spacing={6}>
            <List.Item>
              The difference is charged to your card now: the new price less the unused part of the period you
              already paid for (prorated). If your unused time is worth more, it is kept as credit for your
              next payments.
            </List.Item>
            {target.interval !== currentInterval && (
              <List.Item>
                Your billing period starts again today and renews every {perInterval(target.interval)}.
              </List.Item>
            )}
            <List.Item>{creditsInWords(target)}, starting with this payment.</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={switching}>
              Cancel
            </Button>
            <Button onClick={() => onConfirm(target)} loading={switching} data-autofocus>
              Confirm switch
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
