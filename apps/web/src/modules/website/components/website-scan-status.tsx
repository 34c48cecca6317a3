import { Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconWorldSearch } from '@tabler/icons-react';

type TWebsiteScanStatusProps = { phase: 'scanning' | 'done'; url: string; websiteName?: string };

/** Spec §2: "Scanning through your Website" with loading dots, then "Website Added". */
export const WebsiteScanStatus = ({ phase, url, websiteName }: TWebsiteScanStatusProps) =>
  phase === 'scanning' ? (
    <Stack align="center" ta="center" gap="md" role="status" aria-live="polite">
      <ThemeIcon size={72} radius="xl" variant="light">
        <IconWorldSearch size={38} />
      </ThemeIcon>
      <Title order={2}>Scanning through your Website</Title>
      <Text c="dimmed" size="sm" maw={360} style={{ wordBreak: 'break-all' }}>
        {url}
      </Text>
      <Loader type="dots" size="xl" />
      <Text size="sm" c="dimmed">
        Reading your pages to learn about your business. This takes a few seconds.
      </Text>
    </Stack>
  ) : (
    <Stack align="center" ta="center" gap="md" role="status" aria-live="polite">
      <ThemeIcon size={72} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Title order={2}>Website Added</Title>
      {websiteName && <Text fw={600}>{websiteName}</Text>}
      <Text c="dimmed" size="sm">
        Taking you to your dashboard…
      </Text>
    </Stack>
  );
