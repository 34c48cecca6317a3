import { Badge, Card, Loader, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { TConnectionStatus } from '@sales-assist/contract';
import { IconPaperclip } from '@tabler/icons-react';
import type { TTile } from './tiles';

/** "Sandbox Coffee Roasters", or "Sandbox Bakery + 1 more" when several pages are connected. */
const accountsLine = (accounts: string[]): string =>
  accounts.length === 1 ? (accounts[0] ?? '') : `${accounts[0]} + ${accounts.length - 1} more`;

type TProps = {
  tile: TTile;
  status: TConnectionStatus;
  reason: string | null;
  /** Days before the token ends, when that is near (LinkedIn's 60-day tokens). */
  expiresInDays: number | null;
  /** The names of the platform's connected accounts. */
  accounts: string[];
  busy: boolean;
  onClick: () => void;
};

/**
 * One platform: a clip mark and the account's name when connected (spec §2), "Reconnect" when the platform
 * stopped taking our token, "Coming soon" on a tile the product has no integration for yet (its click still
 * does nothing, as spec §2 says).
 */
export const IntegrationTile = ({ tile, status, reason, expiresInDays, accounts, busy, onClick }: TProps) => {
  const Icon = tile.icon;
  const connected = status === 'connected';
  const stateWords = connected
    ? 'connected'
    : status === 'reconnect'
      ? 'needs reconnecting'
      : 'not connected';
  return (
    <UnstyledButton
      onClick={onClick}
      aria-label={`${tile.label} (${tile.platform ? stateWords : 'coming soon'})`}
      data-testid={`tile-${tile.key}`}
      data-status={tile.platform ? status : 'unavailable'}
      style={{ borderRadius: 'var(--mantine-radius-lg)' }}
    >
      <Card withBorder radius="lg" padding="lg" h={150} pos="relative">
        {connected && (
          <IconPaperclip
            size={22}
            aria-label="Connected"
            data-testid={`clip-${tile.key}`}
            style={{ position: 'absolute', top: 10, right: 10, color: 'var(--mantine-color-teal-7)' }}
          />
        )}
        <Stack align="center" justify="center" gap={8} h="100%">
          {busy ? <Loader size={40} /> : <Icon size={48} color={tile.color} stroke={1.5} />}
          <Text fw={600}>{tile.label}</Text>
          {connected && accounts.length > 0 && (
            <Text
              size="xs"
              c="dimmed"
              ta="center"
              maw="100%"
              truncate="end"
              title={accounts.join(', ')}
              data-testid={`account-${tile.key}`}
            >
              {accountsLine(accounts)}
            </Text>
          )}
          {!tile.platform && (
            <Tooltip label={`${tile.label} cannot be connected yet: it is on its way.`} multiline w={220}>
              <Badge color="gray" variant="light">
                Coming soon
              </Badge>
            </Tooltip>
          )}
          {connected && expiresInDays !== null && (
            <Tooltip label="Connect the account again to keep publishing" multiline w={240}>
              <Badge color="yellow" variant="light">
                {expiresInDays === 0
                  ? 'Expires today'
                  : `Expires in ${expiresInDays} day${expiresInDays === 1 ? '' : 's'}`}
              </Badge>
            </Tooltip>
          )}
          {status === 'reconnect' && (
            <Tooltip label={reason ?? 'The platform no longer accepts the connection'} multiline w={260}>
              <Badge color="orange" variant="light">
                Reconnect
              </Badge>
            </Tooltip>
          )}
        </Stack>
      </Card>
    </UnstyledButton>
  );
};
