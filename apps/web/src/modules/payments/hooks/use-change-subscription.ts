import {
  CALLS,
  type TBillingInterval,
  type TChangeSubscriptionRequest,
  type TChangeSubscriptionResponse,
  type TPricingResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { formatMoney } from '../lib/money';
import { PRICING_KEY } from './payments-keys';
import { useRefreshAccount } from './use-refresh-account';

/** How often and how long the new interval is waited for (its webhooks usually take well under a second). */
export const SWITCH_POLL_MS = 1_500;
export const SWITCH_POLL_TIMES = 20;

const INTERVAL_WORDS: Record<TBillingInterval, string> = { month: 'monthly', year: 'yearly' };

const showsSwitch = (pricing: TPricingResponse, request: TChangeSubscriptionRequest): boolean =>
  pricing.subscription?.plan_id === request.plan_id && pricing.subscription.interval === request.interval;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type TSwitchOutcome = { change: TChangeSubscriptionResponse; confirmed: boolean; planName: string };

/**
 * POST /api/subscription/change, then GET /api/pricing until the subscription shows the new plan and
 * interval: Stripe has charged by the time the call answers, but the account follows when the webhooks
 * arrive. A refusal (a declined card, nothing to switch) is toasted with the server's message.
 */
export const useChangeSubscription = () => {
  const queryClient = useQueryClient();
  const refreshAccount = useRefreshAccount();
  return useMutation({
    mutationFn: async (input: TChangeSubscriptionRequest & { planName: string }): Promise<TSwitchOutcome> => {
      const request = { plan_id: input.plan_id, interval: input.interval };
      const change = await callApi(CALLS.changeSubscription, { body: request });
      for (let attempt = 0; attempt < SWITCH_POLL_TIMES; attempt++) {
        const pricing = await callApi(CALLS.getPricing, { toastErrors: false }).catch(() => null);
        if (pricing && showsSwitch(pricing, request)) {
          queryClient.setQueryData(PRICING_KEY, pricing);
          return { change, confirmed: true, planName: input.planName };
        }
        await wait(SWITCH_POLL_MS);
      }
      return { change, confirmed: false, planName: input.planName };
    },
    onSuccess: async ({ change, confirmed, planName }) => {
      const charged =
        change.amount_charged_cents > 0
          ? `${formatMoney(change.amount_charged_cents, change.currency)} was charged to your card.`
          : 'Your unused time covered it: nothing was charged.';
      toast(
        confirmed ? 'success' : 'info',
        confirmed
          ? `You are now on ${planName}, billed ${INTERVAL_WORDS[change.interval]}. ${charged}`
          : `Your switch to ${planName}, billed ${INTERVAL_WORDS[change.interval]}, went through: ${charged} It will show here in a moment.`,
      );
      await refreshAccount();
    },
  });
};
