import { Alert, Anchor, Avatar, Badge, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { PLATFORM_LABELS, type TScheduleTarget, type TSocialPlatform } from '@sales-assist/contract';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { platformNames } from './schedule-dialog-content';

type TProps = {
  /** undefined while loading. */
  targets: TScheduleTarget[] | undefined;
  failed: boolean;
  onRetry: () => void;
  platforms: readonly TSocialPlatform[];
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Accounts this content already goes to (one item per content and account): shown, not choosable. */
  taken: ReadonlySet<string>;
};

const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

/**
 * The connected accounts this content fits, as checkboxes with their picture and name. An account the
 * platform stopped accepting is shown but cannot be chosen until it is connected again, nor one this content
 * is already on the calendar for (moved or retried there instead); with none at all, the way to the
 * Integrations page.
 */
export const ScheduleDialogTargets = ({
  targets,
  failed,
  onRetry,
  platforms,
  selected,
  onChange,
  taken,
}: TProps) => {
  if (failed) {
    return (
      <Alert color="red" variant="light" title="Could not load your accounts">
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!targets) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading your accounts…
        </Text>
      </Group>
    );
  }
  const fitting = targets.filter((target) => platforms.includes(target.platform));
  if (fitting.length === 0) {
    return (
      <Alert color="blue" variant="light" title={`No ${platformNames(platforms)} account is connected`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Connect one on the Integrations page, then schedule this content.</Text>
          <Button component={Link} to="/integrations" size="xs" leftSection={<IconPlugConnected size={14} />}>
            Go to Integrations
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Checkbox.Group label="Publish to" value={selected} onChange={onChange}>
      <Stack gap="xs" mt={6}>
        {fitting.map((target) => {
          const reconnect = target.status === 'reconnect';
          const already = taken.has(target.id);
          return (
            <Group key={target.id} gap="sm" wrap="nowrap" justify="space-between">
              <Checkbox
                value={target.id}
                disabled={reconnect || already}
                aria-label={`${target.name} (${PLATFORM_LABELS[target.platform]})`}
                label={
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={target.picture} alt="" size={28} radius="xl">
                      {initialOf(target.name)}
                    </Avatar>
                    <div>
                      <Text size="sm" fw={500} lh={1.2} c={reconnect || already ? 'dimmed' : undefined}>
                        {target.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {PLATFORM_LABELS[target.platform]}
                      </Text>
                    </div>
                  </Group>
                }
              />
              {already && !reconnect && (
                <Anchor component={Link} to="/schedule" size="xs">
                  Already on the calendar
                </Anchor>
              )}
              {reconnect && (
                <Group gap={6} wrap="nowrap">
                  <Badge color="orange" variant="light">
                    Reconnect
                  </Badge>
                  <Anchor component={Link} to="/integrations" size="xs">
                    on Integrations
                  </Anchor>
                </Group>
              )}
            </Group>
          );
        })}
      </Stack>
    </Checkbox.Group>
  );
};
