import { SimpleGrid, Skeleton } from '@mantine/core';
import { INTEGRATION_MESSAGES, INTEGRATION_TEXTS, type TConnectionStatus } from '@sales-assist/contract';
import { useState } from 'react';
import { ApiError } from '../../../app/api/api-error';
import { toast } from '../../../app/api/toast';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { IntegrationTile } from '../components/integration-tile';
import { LinkedinAccountDialog } from '../components/linkedin-account-dialog';
import { TILES, type TTile } from '../components/tiles';
import { WordpressDialog } from '../components/wordpress-dialog';
import { useConnectWordpress, useIntegrations, useUnlinkLinkedin } from '../hooks/use-integrations';
import { useLinkedinConnect } from '../hooks/use-linkedin-connect';
import { useMetaConnect } from '../hooks/use-meta-connect';

/** Spec §2 Integrations: the accounts content is published to, one tile per platform. */
export const IntegrationsPage = () => {
  const integrations = useIntegrations();
  const linkedin = useLinkedinConnect();
  const meta = useMetaConnect();
  const unlink = useUnlinkLinkedin();
  const wordpress = useConnectWordpress();
  const [dialog, setDialog] = useState<'linkedin' | 'wordpress' | null>(null);

  const statusOf = (tile: TTile): TConnectionStatus =>
    tile.platform ? (integrations.data?.status[tile.platform] ?? 'not_connected') : 'not_connected';

  const open = (tile: TTile) => {
    if (!tile.platform) return; // Spec §2: Twitter, GoogleAnalytics, Shopify and GoogleAds do nothing.
    if (linkedin.running || meta.running || wordpress.isPending || unlink.isPending) {
      toast('info', INTEGRATION_MESSAGES.pleaseWait);
      return;
    }
    const connected = statusOf(tile) === 'connected';
    switch (tile.platform) {
      case 'facebook':
      case 'instagram':
        if (connected)
          toast(
            'info',
            tile.platform === 'facebook'
              ? INTEGRATION_MESSAGES.facebookAlreadyConnected
              : INTEGRATION_MESSAGES.instagramAlreadyConnected,
          );
        else void meta.connect(tile.platform);
        return;
      case 'linkedin':
        if (connected) setDialog('linkedin');
        else void linkedin.connect();
        return;
      case 'wordpress':
        if (connected) toast('info', INTEGRATION_MESSAGES.wordpressAlreadyConnected);
        else setDialog('wordpress');
        return;
    }
  };

  const unlinkLinkedin = () =>
    unlink.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast('success', message);
        setDialog(null);
      },
      onError: () => toast('error', INTEGRATION_MESSAGES.cantUnlink),
    });

  const addLinkedinAccount = () => {
    setDialog(null);
    void linkedin.connect(INTEGRATION_MESSAGES.addAccountError);
  };

  const connectWordpress = (credentials: Parameters<typeof wordpress.mutate>[0]) =>
    wordpress.mutate(credentials, {
      onSuccess: ({ message }) => {
        toast('success', message);
        setDialog(null);
      },
      onError: (error) =>
        toast('error', error instanceof ApiError ? error.message : INTEGRATION_MESSAGES.somethingWentWrong),
    });

  const busy = (tile: TTile) =>
    (tile.platform === 'linkedin' && (linkedin.running || unlink.isPending)) ||
    (tile.platform !== null && tile.platform === meta.running) ||
    (tile.platform === 'wordpress' && wordpress.isPending);

  return (
    <PageShell title="Integrations" description={INTEGRATION_TEXTS.intro}>
      {integrations.isError ? (
        <LoadFailed what="your integrations" onRetry={() => void integrations.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="lg">
          {TILES.map((tile) =>
            integrations.isPending ? (
              <Skeleton key={tile.key} h={150} radius="lg" />
            ) : (
              <IntegrationTile
                key={tile.key}
                tile={tile}
                status={statusOf(tile)}
                reason={tile.platform ? (integrations.data?.reasons[tile.platform] ?? null) : null}
                expiresInDays={
                  tile.platform ? (integrations.data?.expires_in_days[tile.platform] ?? null) : null
                }
                accounts={tile.platform ? (integrations.data?.accounts[tile.platform] ?? []) : []}
                busy={busy(tile)}
                onClick={() => open(tile)}
              />
            ),
          )}
        </SimpleGrid>
      )}
      <LinkedinAccountDialog
        opened={dialog === 'linkedin'}
        busy={unlink.isPending}
        onClose={() => setDialog(null)}
        onUnlink={unlinkLinkedin}
        onAddNew={addLinkedinAccount}
      />
      <WordpressDialog
        opened={dialog === 'wordpress'}
        submitting={wordpress.isPending}
        onClose={() => setDialog(null)}
        onSubmit={connectWordpress}
      />
    </PageShell>
  );
};
