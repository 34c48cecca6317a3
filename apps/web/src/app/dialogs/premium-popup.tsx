import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { PREMIUM_POPUP_TEXTS } from '@sales-assist/contract';
import { IconCrown } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session-store';
import { PlanLimitFigures } from './plan-limit-figures';
import { premiumPopup, usePremiumPopup } from './premium-popup-store';

/**
 * Spec §2/§6: opened by any 402 answer; its button leads to /plan. The spec's heading, sentence and button
 * stay as they are; a reached plan limit adds which one, what was used and when it resets.
 */
export const PremiumPopup = () => {
  const { open: opened, detail } = usePremiumPopup();
  const session = useSession();
  const navigate = useNavigate();
  const text = PREMIUM_POPUP_TEXTS[session?.subscription_type ?? 'Basic'];
  return (
    // Wide enough for a limit's figures on one line each ("3 of 3 blog topics this month").
    <Modal.Root opened={opened} onClose={premiumPopup.close} centered radius="lg" size={480}>
      <Modal.Overlay blur={2} />
      <Modal.Content>
        <Modal.Body p="xl">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" variant="gradient" gradient={{ from: 'blue.5', to: 'indigo.7' }}>
              <IconCrown size={34} />
            </ThemeIcon>
            <Modal.Title fz="h3" fw={700}>
              {text.title}
            </Modal.Title>
            <Text c="dimmed">{text.message}</Text>
            {detail && <PlanLimitFigures detail={detail} />}
            <Stack gap="xs" w="100%">
              <Button
                size="md"
                fullWidth
                onClick={() => {
                  premiumPopup.close();
                  navigate('/plan');
                }}
              >
                {text.button}
              </Button>
              <Button variant="subtle" color="gray" fullWidth onClick={premiumPopup.close}>
                Cancel
              </Button>
            </Stack>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
