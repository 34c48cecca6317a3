import { PAYMENT_SUCCESS_PATH } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { PAYMENT_SUCCESS_ROUTE } from './payment-routes';

describe('the payment success route', () => {
  it("is the contract's return path with the session id", () => {
    expect(`/${PAYMENT_SUCCESS_ROUTE}`).toBe(`${PAYMENT_SUCCESS_PATH}/:sessionId`);
  });
});
