import { Alert, Anchor, Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconBrandLinkedin, IconFlask } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { cookieDialog, useCookieDialogOpen } from '../hooks/cookie-dialog-store';
import { useLiAtStatus } from '../hooks/use-li-at-status';
import { useStoreCookie } from '../hooks/use-store-cookie';

const TITLE = 'Please Enter Your Linkedin li_at to use Linkedin Automation';

/** Spec §2 "LinkedIn cookie dialog": a li_at field, Save Cookie (disabled while empty or saving) and Skip. */
export const LiAtDialog = () => {
  const opened = useCookieDialogOpen();
  const sandbox = useLiAtStatus().data?.sandbox === true;
  const store = useStoreCookie();
  const [liAt, setLiAt] = useState('');
  const empty = liAt.trim() === '';
  const error = store.error
    ? isApiError(store.error)
      ? store.error.message
      : 'Something went wrong!'
    : null;

  const close = () => {
    cookieDialog.close();
    setLiAt('');
    store.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || store.isPending) return;
    store.mutate({ li_at: liAt.trim() }, { onSuccess: () => setLiAt('') });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      radius="lg"
      size="lg"
      title={
        <Group gap="xs" wrap="nowrap">
          <IconBrandLinkedin size={24} color="var(--mantine-color-blue-7)" aria-hidden />
          <Text fw={700}>{TITLE}</Text>
        </Group>
      }
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {sandbox ? (
            <Alert
              variant="light"
              color="orange"
              icon={<IconFlask />}
              title="Sandbox mode — LinkedIn is simulated"
            >
              This installation talks to a simulated LinkedIn, so any value works: type anything to connect as
              a simulated member and try the whole outreach flow.
            </Alert>
          ) : (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                li_at is the session cookie of your LinkedIn sign-in. To copy it:
              </Text>
              <List size="sm" c="dimmed" type="ordered" spacing={2}>
                <List.Item>
                  Sign in at{' '}
                  <Anchor href="https://www.linkedin.com" target="_blank" rel="noopener noreferrer">
                    linkedin.com
                  </Anchor>{' '}
                  in this browser.
                </List.Item>
                <List.Item>
                  Open the developer tools (F12) → Application → Cookies → www.linkedin.com.
                </List.Item>
                <List.Item>Copy the value of the cookie named li_at and paste it here.</List.Item>
              </List>
            </Stack>
          )}
          <PasswordInput
            label="li_at cookie"
            placeholder="Paste your li_at cookie"
            value={liAt}
            onChange={(event) => {
              setLiAt(event.currentTarget.value);
              if (store.isError) store.reset();
            }}
            error={error}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <Text size="xs" c="dimmed">
            The cookie is checked with LinkedIn, stored encrypted and never shown again.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Skip
            </Button>
            <Button type="submit" disabled={empty || store.isPending} loading={store.isPending}>
              Save Cookie
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
