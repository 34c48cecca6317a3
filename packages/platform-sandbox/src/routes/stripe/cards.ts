import { StripeRefusal } from './errors';

/**
 * Stripe's test cards, as test mode treats them: 4242 4242 4242 4242 (Visa) and 5555 5555 5555 4444
 * (Mastercard) pay; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 is declined for insufficient
 * funds; 4000 0000 0000 0341 is taken (attached to the customer) but every later charge fails, which is
 * how a renewal with a failing card is played. Any other number is refused as Stripe's test mode does.
 */
export type CardInput = {
  number: string;
  exp_month?: number;
  exp_year?: number;
  cvc?: string;
  name?: string;
};
export type AcceptedCard = {
  brand: 'visa' | 'mastercard';
  last4: string;
  exp_month: number;
  exp_year: number;
  /** What a later charge does: 0341 attaches fine and fails when charged. */
  charges: 'succeed' | 'fail';
};

export const TEST_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const cardError = (message: string, code: string, declineCode?: string) =>
  new StripeRefusal(
    402,
    'card_error',
    message,
    code,
    undefined,
    declineCode ? { decline_code: declineCode } : {},
  );

/** Checks a card as the payment form would be answered; throws Stripe's card_error when refused. */
export const checkCard = (input: CardInput, now: Date): AcceptedCard => {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    throw cardError('Your card number is invalid.', 'invalid_number');
  const month = input.exp_month ?? Number.NaN;
  const year = input.exp_year ?? Number.NaN;
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw cardError("Your card's expiration month is invalid.", 'invalid_expiry_month');
  if (!Number.isInteger(year))
    throw cardError("Your card's expiration year is invalid.", 'invalid_expiry_year');
  const fullYear = year < 100 ? 2000 + year : year;
  const endOfMonth = Date.UTC(fullYear, month, 1);
  if (endOfMonth <= now.getTime())
    throw cardError("Your card's expiration date is in the past.", 'expired_card');
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc))
    throw cardError("Your card's security code is invalid.", 'invalid_cvc');
  const accepted = (brand: AcceptedCard['brand'], charges: AcceptedCard['charges']): AcceptedCard => ({
    brand,
    last4: number.slice(-4),
    exp_month: month,
    exp_year: fullYear,
    charges,
  });
  switch (number) {
    case '4242424242424242':
      return accepted('visa', 'succeed');
    case '5555555555554444':
      return accepted('mastercard', 'succeed');
    case '4000000000000341':
      return accepted('visa', 'fail');
    case '4000000000000002':
      throw cardError('Your card was declined.', 'card_declined', 'generic_decline');
    case '4000000000009995':
      throw cardError('Your card has insufficient funds.', 'card_declined', 'insufficient_funds');
    default:
      throw cardError(
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
        'card_declined',
        'test_mode_live_card',
      );
  }
};

/** "12 / 30", "12/2030", "1230" → month and year. */
export const parseExpiry = (text: string): { exp_month?: number; exp_year?: number } => {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return {};
  return { exp_month: Number(match[1]), exp_year: Number(match[2]) };
};
