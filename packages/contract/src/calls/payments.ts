import {
  ZBillingPortalResponse,
  ZChangeSubscriptionRequest,
  ZChangeSubscriptionResponse,
  ZCheckoutIdParams,
  ZCheckoutSessionResponse,
  ZCreateCheckoutRequest,
  ZCreateCheckoutResponse,
  ZPricingResponse,
  ZSessionStatusQuery,
  ZSessionStatusResponse,
  ZStripeWebhookAnswer,
} from '../payments';
import { call } from './call';

/** The payments calls. */
export const paymentsCalls = {
  getPricing: call({ method: 'GET', path: '/api/pricing', response: ZPricingResponse }),
  createCheckout: call({
    method: 'POST',
    path: '/api/checkout',
    body: ZCreateCheckoutRequest,
    response: ZCreateCheckoutResponse,
  }),
  getCheckout: call({
    method: 'GET',
    path: '/api/checkout/:id',
    params: ZCheckoutIdParams,
    response: ZCheckoutSessionResponse,
  }),
  getSessionStatus: call({
    method: 'GET',
    path: '/api/session-status',
    query: ZSessionStatusQuery,
    response: ZSessionStatusResponse,
  }),
  openBillingPortal: call({ method: 'POST', path: '/api/billing-portal', response: ZBillingPortalResponse }),
  changeSubscription: call({
    method: 'POST',
    path: '/api/subscription/change',
    body: ZChangeSubscriptionRequest,
    response: ZChangeSubscriptionResponse,
  }),
  receiveStripeWebhook: call({
    method: 'POST',
    path: '/api/stripe/webhook',
    response: ZStripeWebhookAnswer,
  }),
};
