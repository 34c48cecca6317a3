/** Spec §4 and §9: the LinkedIn popup is 600x400 and polled every 2 seconds. */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 400;
export const POLL_MS = 2000;
export const LINKEDIN_CALLBACK_PATH = '/integrations/linkedin/callback';

/**
 * Opens the popup at once, in the click, so the browser does not block it; the authorization URL is set
 * once the server has signed it. null: the browser blocked the popup.
 */
export const openBlankPopup = (): Window | null => {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return window.open(
    'about:blank',
    'linkedin_connect',
    `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
};

export type TPopupReturn = { code: string; state: string } | { error: string } | { closed: true };

/**
 * Reads the popup's address every POLL_MS until it comes back to our own callback page with a code (or
 * LinkedIn's error), or the person closes it. While the popup shows LinkedIn, its address cannot be read
 * (another origin): that is waiting, not a failure.
 */
export const waitForPopupReturn = (popup: Window): Promise<TPopupReturn> =>
  new Promise((resolve) => {
    const timer = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(timer);
        resolve({ closed: true });
        return;
      }
      let href: string;
      try {
        href = popup.location.href;
      } catch {
        return;
      }
      const url = new URL(href, window.location.origin);
      if (url.origin !== window.location.origin || url.pathname !== LINKEDIN_CALLBACK_PATH) return;
      window.clearInterval(timer);
      const code = url.searchParams.get('code');
      const state = url.searchParams.get('state');
      resolve(code && state ? { code, state } : { error: url.searchParams.get('error') ?? 'no_code' });
    }, POLL_MS);
  });
