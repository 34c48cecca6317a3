import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { loadStripeJs } from '../lib/stripe-js';

type TEmbeddedCheckoutProps = {
  scriptUrl: string;
  publishableKey: string;
  clientSecret: string;
};

/*
 * Stripe allows one embedded Checkout on a page at a time: a new one starts only once the one before it
 * (a previous visit, or React mounting twice in development) is destroyed.
 */
let previous: Promise<void> = Promise.resolve();

/**
 * Stripe's embedded Checkout (`createEmbeddedCheckoutPage` with `fetchClientSecret`) mounted in a div:
 * card entry, payment and the return to `return_url` all happen inside Stripe's frame.
 */
export const EmbeddedCheckout = ({ scriptUrl, publishableKey, clientSecret }: TEmbeddedCheckoutProps) => {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // `attempt` starts the checkout again after a failure.
    void attempt;
    let cancelled = false;
    let instance: StripeEmbeddedCheckout | null = null;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = previous.then(async () => {
      if (cancelled) return;
      const Stripe = await loadStripeJs(scriptUrl);
      const checkout = await Stripe(publishableKey).createEmbeddedCheckoutPage({
        fetchClientSecret: () => Promise.resolve(clientSecret),
      });
      instance = checkout;
      if (cancelled || !container.current) return;
      checkout.mount(container.current);
      setState('ready');
    });
    started.catch(() => {
      if (!cancelled) setState('failed');
    });
    previous = released;
    return () => {
      cancelled = true;
      void started
        .catch(() => undefined)
        .finally(() => {
          instance?.destroy();
          release();
        });
    };
  }, [scriptUrl, publishableKey, clientSecret, attempt]);

  return (
    <Stack gap="sm">
      {state === 'loading' && (
        <Stack align="center" py="xl" gap="xs" role="status">
          <Loader />
          <Text c="dimmed" size="sm">
            Loading the secure payment form…
          </Text>
        </Stack>
      )}
      {state === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="The payment form did not load">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Check your connection and try again. Nothing was charged.</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => {
                setState('loading');
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      <div ref={container} data-testid="embedded-checkout" />
    </Stack>
  );
};
