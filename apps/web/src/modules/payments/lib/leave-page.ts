/** The browser goes to another site's page (Stripe's portal); a module of its own so tests can watch it. */
export const leavePageFor = (url: string): void => window.location.assign(url);
