import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Spec §2: unknown paths (and routes not open to this account) show "Page Not Found!". */
export const NotFound = ({ homePath = '/' }: { homePath?: string }) => (
  <Center mih="60vh" p="xl">
    <Stack align="center" gap="md" maw={420} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="blue">
        <IconMapSearch size={38} />
      </ThemeIcon>
      <Title order={1}>Page Not Found!</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to={homePath}>
        Go to the homepage
      </Button>
    </Stack>
  </Center>
);
