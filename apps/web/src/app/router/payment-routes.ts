/**
 * The payment success screen's route: the contract's PAYMENT_SUCCESS_PATH (Checkout's return_url) with
 * the session id, written out so the entry bundle does not take in the contract (payment-routes.test.ts
 * holds them equal).
 */
export const PAYMENT_SUCCESS_ROUTE = 'payment/success/:sessionId';
