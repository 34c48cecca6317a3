import {
  MAXIMUM_CREDITS,
  MAXIMUM_PRICE_CENTS,
  MINIMUM_CHARGE_CENTS,
  type TAdminCreditPack,
  type TCreditPackRequest,
} from '@sales-assist/contract';
import { centsOf, wholeOf } from './money';

export type TPackForm = { name: string; credits: number | string; dollars: number | string; active: boolean };

export const EMPTY_PACK_FORM: TPackForm = { name: '', credits: '', dollars: '', active: true };

export const packFormOf = (pack: TAdminCreditPack): TPackForm => ({
  name: pack.name,
  credits: pack.credits,
  dollars: pack.price_cents / 100,
  active: pack.active,
});

export type TPackFormProblems = Partial<Record<'name' | 'credits' | 'dollars', string>>;

export const packFormProblems = (form: TPackForm): TPackFormProblems => {
  const problems: TPackFormProblems = {};
  if (!form.name.trim()) problems.name = 'Name is required';
  const credits = wholeOf(form.credits);
  if (credits === null || credits < 1 || credits > MAXIMUM_CREDITS)
    problems.credits = 'Please enter valid number';
  const cents = centsOf(form.dollars);
  if (cents === null || cents > MAXIMUM_PRICE_CENTS) problems.dollars = 'Please enter valid number';
  else if (cents < MINIMUM_CHARGE_CENTS)
    problems.dollars = 'At least $0.50 (the smallest charge Stripe accepts)';
  return problems;
};

export const packRequestOf = (form: TPackForm): TCreditPackRequest => ({
  name: form.name.trim(),
  credits: wholeOf(form.credits) ?? 0,
  price_cents: centsOf(form.dollars) ?? 0,
  active: form.active,
});
