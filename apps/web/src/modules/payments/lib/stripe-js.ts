import type { StripeConstructor } from '@stripe/stripe-js';

/*
 * Stripe.js comes from the address the server names (GET /api/checkout/{id} script_url): Stripe's own
 * script with a real key, the platform sandbox's stand-in without one. Only the types of @stripe/stripe-js
 * are used: its `loadStripe` injects js.stripe.com itself when no Stripe is on the page (the sandbox must
 * download nothing from the internet), and @stripe/react-stripe-js's provider refuses an object without
 * Elements' methods, which the stand-in does not have. Both give `window.Stripe` once the script ran.
 */

const loads = new Map<string, Promise<StripeConstructor>>();

export const loadStripeJs = (scriptUrl: string): Promise<StripeConstructor> => {
  const loaded = window.Stripe;
  if (loaded) return Promise.resolve(loaded);
  let load = loads.get(scriptUrl);
  if (!load) {
    load = new Promise<StripeConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => {
        if (window.Stripe) resolve(window.Stripe);
        else reject(new Error('Stripe.js did not start'));
      };
      script.onerror = () => {
        // A later visit may try again (a network blip must not stick for the page's life).
        loads.delete(scriptUrl);
        script.remove();
        reject(new Error('Stripe.js could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loads.set(scriptUrl, load);
  }
  return load;
};
