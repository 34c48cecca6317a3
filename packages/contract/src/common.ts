import { ZErrorCode } from './error-codes';
import { z } from './messages';

export const ZErrorBody = z.object({
  error: ZErrorCode.describe('machine-readable code, e.g. validation_error, token_expired'),
  message: z.string().describe('human-readable text, shown to the user as a toast'),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email Address is too long')
  .pipe(z.email('Please enter a valid email address'));

/** Spec §5: at least 8 characters, a lowercase and an uppercase letter, and a digit, symbol or whitespace. */
export const PASSWORD_RULES = [
  'At least 8 characters',
  'A lowercase letter',
  'An uppercase letter',
  'A digit, a symbol (!@#$%^&*()_-) or a space',
] as const;
export const PASSWORD_INVALID = 'Password is not valid';
export const isValidPassword = (value: string): boolean =>
  value.length >= 8 &&
  value.length <= 256 &&
  /[a-z]/.test(value) &&
  /[A-Z]/.test(value) &&
  /[0-9!@#$%^&*()_\-\s]/.test(value);
export const ZPassword = z.string().refine(isValidPassword, PASSWORD_INVALID);

export const ZOtp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code');

export const ZSubscriptionType = z.enum(['Basic', 'Premium']);
export type TSubscriptionType = z.infer<typeof ZSubscriptionType>;

/**
 * The instants the API takes (calendar ranges, reschedules, page cursors): from 1970 to the end of 9999.
 * JavaScript's Date and PostgreSQL's timestamptz both hold them and print them with four-digit years;
 * outside (year 0000, five-digit years) the database refuses the text it is sent, which must never be a 500.
 */
export const INSTANT_RANGE = {
  earliestMs: Date.UTC(1970, 0, 1),
  latestMs: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
} as const;

/** false for NaN (an unparsable date) too. */
export const isInstantInRange = (ms: number): boolean =>
  ms >= INSTANT_RANGE.earliestMs && ms <= INSTANT_RANGE.latestMs;

/** An ISO 8601 instant with its offset, within INSTANT_RANGE; `message` for both failures. */
export const ZInstant = (message: string) =>
  z.iso.datetime({ offset: true, message }).refine((text) => isInstantInRange(Date.parse(text)), message);
