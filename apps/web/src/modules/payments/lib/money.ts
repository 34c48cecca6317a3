/**
 * An amount in the currency's smallest unit as people read it: "$49", "$39.17"
 * (cents only when there are some, so whole prices stay short).
 */
export const formatMoney = (cents: number, currency: string): string => {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
};
