import { Anchor, Text } from '@mantine/core';

/** Spec §2: the note that replaces Google's badge, with the privacy and terms links. */
export const RecaptchaNote = () => (
  <Text size="xs" c="dimmed" ta="center">
    This site is protected by reCAPTCHA and the Google{' '}
    <Anchor href="https://policies.google.com/privacy" target="_blank" rel="noreferrer" inherit>
      Privacy Policy
    </Anchor>{' '}
    and{' '}
    <Anchor href="https://policies.google.com/terms" target="_blank" rel="noreferrer" inherit>
      Terms of Service
    </Anchor>{' '}
    apply.
  </Text>
);
