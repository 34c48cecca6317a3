import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLogout } from '../layout/use-logout';

/** Spec §2/§6: an inactive account sees this over the protected area; it cannot be dismissed. */
export const ActivationPopup = ({ opened }: { opened: boolean }) => {
  const { logout, pending } = useLogout();
  return (
    <Modal.Root
      opened={opened}
      onClose={() => undefined}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
    >
      <Modal.Overlay blur={3} />
      <Modal.Content>
        <Modal.Body p="xl">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" variant="light" color="orange">
              <IconLock size={34} />
            </ThemeIcon>
            <Modal.Title fz="h3" fw={700}>
              Your account is not active
            </Modal.Title>
            <Text c="dimmed">
              This account has been deactivated, so its workspace is locked. Please contact support to have it
              activated again.
            </Text>
            <Button fullWidth onClick={() => void logout()} loading={pending}>
              Logout
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
