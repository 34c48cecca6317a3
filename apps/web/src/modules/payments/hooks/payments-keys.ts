export const PRICING_KEY = ['pricing'] as const;
export const checkoutKey = (id: string) => ['checkout', id] as const;
export const sessionStatusKey = (id: string) => ['session-status', id] as const;
