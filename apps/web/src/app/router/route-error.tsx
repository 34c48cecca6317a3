import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Last resort when a screen crashes: say so plainly and offer a reload. */
export const RouteError = () => (
  <Center mih="100vh" p="xl">
    <Stack align="center" ta="center" gap="md" maw={420}>
      <ThemeIcon size={72} radius="xl" variant="light" color="red">
        <IconAlertTriangle size={38} />
      </ThemeIcon>
      <Title order={2}>Something went wrong!</Title>
      <Text c="dimmed">This screen ran into a problem. Reloading the page usually helps.</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  </Center>
);
