import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';

type TFindEmailSetupDialogProps = { note: string | null; opened: boolean; onClose: () => void };

/** Find Email without an e-mail finder: what to set up, in the server's own words (as keyword metrics say it). */
export const FindEmailSetupDialog = ({ note, opened, onClose }: TFindEmailSetupDialogProps) => (
  <Modal opened={opened} onClose={onClose} title="Find Email needs an e-mail finder">
    <Stack gap="md">
      <Text size="sm">{note}</Text>
      <Text size="sm" c="dimmed">
        With <Code>HUNTER_API_KEY</Code> set, Find Email looks up each selected lead’s work e-mail with
        Hunter’s Email Finder, checks it with its Email Verifier, and shows the address with Hunter’s
        confidence. Each e-mail found costs 1 credit; a lead nobody is found for costs nothing.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Got it</Button>
      </Group>
    </Stack>
  </Modal>
);
