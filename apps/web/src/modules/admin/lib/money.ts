/** Prices are kept in cents and shown in dollars. */
const dollarsFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCents = (cents: number): string => dollarsFormat.format(cents / 100);

/**
 * Cents from what was typed in a dollars field ("49", "49.5", 12.99), or null when it is not an amount
 * (empty, negative, more than two decimals).
 */
export const centsOf = (dollars: number | string): number | null => {
  const text = String(dollars).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
};

/** A whole number of credits or units from a number field, or null (empty, a fraction, negative). */
export const wholeOf = (value: number | string): number | null => {
  const text = String(value).trim();
  if (!/^-?\d+$/.test(text)) return null;
  const whole = Number(text);
  return Number.isSafeInteger(whole) ? whole : null;
};
