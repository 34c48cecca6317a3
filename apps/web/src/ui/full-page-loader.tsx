import { Center, Loader, Stack, Text } from '@mantine/core';
import { BrandLogo } from './brand-logo';

/** Shown while the session is restored (route /loader and the first load of the protected area). */
export const FullPageLoader = ({ label = 'Loading your workspace…' }: { label?: string }) => (
  <Center mih="100vh" bg="gray.0">
    <Stack align="center" gap="lg" role="status" aria-live="polite">
      <BrandLogo size="lg" />
      <Loader type="dots" size="lg" />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  </Center>
);
