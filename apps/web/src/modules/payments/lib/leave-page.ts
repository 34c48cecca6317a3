/**
 * The browser goes to another site's page (Stripe's portal). An object, so tests can watch the call with
 * vi.spyOn (jsdom cannot navigate away, and the web tests share their module cache between files).
 */
export const pageExit = {
  to: (url: string): void => window.location.assign(url),
};
