import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { INTEGRATION_MESSAGES, type TWordpressRequest } from '@sales-assist/contract';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/api/toast';

type TProps = {
  opened: boolean;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (credentials: Required<TWordpressRequest>) => void;
};

/** Spec §4: the Wordpress credentials dialog (USERNAME, PASSWORD, HOSTNAME); all three required (§5). */
export const WordpressDialog = ({ opened, submitting, onClose, onSubmit }: TProps) => {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [hostname, setHostname] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password.trim() || !hostname.trim()) {
      toast('warning', INTEGRATION_MESSAGES.fillAllInformation);
      return;
    }
    onSubmit({ USERNAME: username.trim(), PASSWORD: password, HOSTNAME: hostname.trim() });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Connect Wordpress" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Hostname"
            placeholder="https://blog.example.com"
            value={hostname}
            onChange={(event) => setHostname(event.currentTarget.value)}
            data-autofocus
            required
          />
          <TextInput
            label="Username"
            placeholder="Your WordPress username or e-mail"
            description="An account that can publish: Author, Editor or Administrator (not Contributor)"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            autoComplete="off"
            required
          />
          <PasswordInput
            label="Application password"
            description="An application password from WordPress → Users → Profile → Application Passwords, not the password you log in with"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="off"
            required
          />
          <Text size="xs" c="dimmed">
            The password is kept encrypted and used only to publish to this site.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Connect
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
