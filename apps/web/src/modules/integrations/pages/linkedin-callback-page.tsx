import { Center, Loader, Stack, Text } from '@mantine/core';

/**
 * Where LinkedIn sends the popup back (our own origin, so the Integrations page can read the code from
 * its address and close it: spec §4). It only says what is happening.
 */
export const LinkedinCallbackPage = () => (
  <Center h="100vh">
    <Stack align="center" gap="sm">
      <Loader />
      <Text>Connecting…</Text>
    </Stack>
  </Center>
);
