type TRecaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: TRecaptcha;
  }
}

const loaded = new Map<string, Promise<TRecaptcha>>();

const loadScript = (siteKey: string): Promise<TRecaptcha> => {
  const existing = loaded.get(siteKey);
  if (existing) return existing;
  const promise = new Promise<TRecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const recaptcha = window.grecaptcha;
      if (recaptcha) recaptcha.ready(() => resolve(recaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loaded.delete(siteKey);
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  loaded.set(siteKey, promise);
  return promise;
};

export type TCaptchaAction = 'login' | 'register' | 'forgot_password';

/** reCAPTCHA v3: an invisible token per action; '' when the installation has captcha off. */
export const captchaToken = async (siteKey: string | null, action: TCaptchaAction): Promise<string> => {
  if (!siteKey) return '';
  const recaptcha = await loadScript(siteKey);
  return recaptcha.execute(siteKey, { action });
};

/** Loads the script ahead of the first submit so the token comes quickly. */
export const preloadCaptcha = (siteKey: string | null): void => {
  if (siteKey) loadScript(siteKey).catch(() => undefined);
};
