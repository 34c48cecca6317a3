import { checkPromptText, type TPromptPurpose } from '@sales-assist/contract';
import { AppError } from '../../http/errors';

/**
 * The variables a prompt text uses, or a 400 that names the problem: `unknown_variable` (with the
 * names, and the ones its purpose allows) or `unbalanced_braces` (with where). The editor runs the same
 * check (contract) as the admin types.
 */
export const assertPromptText = (text: string, purpose: TPromptPurpose): string[] => {
  const check = checkPromptText(text, purpose);
  if (check.ok) return check.variables;
  throw new AppError(400, check.error, check.message, check.unknown ? { unknown: check.unknown } : {});
};
