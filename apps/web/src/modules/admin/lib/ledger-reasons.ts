/** How each ledger reason reads in the admin's history (unknown reasons read as they are, un-snaked). */
const REASON_LABELS: Record<string, string> = {
  signup_grant: 'Sign-up credits',
  campaign: 'Campaign created',
  admin_adjustment: 'Adjusted by an admin',
  credit_purchase: 'Credit pack bought',
  plan_credits: 'Plan credits for a paid period',
};

export const ledgerReasonLabel = (reason: string): string => {
  const known = REASON_LABELS[reason];
  if (known) return known;
  const words = reason.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
