import { Badge, Tooltip } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

/** Tells plainly that LinkedIn is the bundled simulation, not linkedin.com. */
export const SandboxBadge = () => (
  <Tooltip
    multiline
    w={280}
    withArrow
    label="No real LinkedIn is configured: searches, profiles and messages come from a simulated network, and any li_at works."
  >
    <Badge
      size="lg"
      variant="light"
      color="orange"
      leftSection={<IconFlask size={14} />}
      tabIndex={0}
      style={{ textTransform: 'none' }}
    >
      Sandbox mode — LinkedIn is simulated
    </Badge>
  </Tooltip>
);
