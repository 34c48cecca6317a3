import {
  SOCIAL_PLATFORMS,
  type TConnectionStatus,
  type TIntegrationsResponse,
  type TSocialPlatform,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { tokenDaysLeft, tokenNeedsWarning } from '../../lib/clients/publishing/linkedin';
import { listConnections } from './connections';

/**
 * GET /getintegrations: the spec's flags (a platform is connected when one of its accounts works), the
 * tiles the product has no integration for always false, each platform's state for the "Reconnect" tile, and the
 * names of its accounts (a connected tile names them).
 */
export const listIntegrations = async (deps: AppDeps, userId: string): Promise<TIntegrationsResponse> => {
  const rows = await listConnections(deps, userId);
  const status = {} as Record<TSocialPlatform, TConnectionStatus>;
  const reasons = {} as Record<TSocialPlatform, string | null>;
  const expiresInDays = {} as Record<TSocialPlatform, number | null>;
  const accounts = {} as Record<TSocialPlatform, string[]>;
  const now = deps.clock.now();
  for (const platform of SOCIAL_PLATFORMS) {
    const mine = rows.filter((row) => row.platform === platform);
    // A token past its end works no more, even before a platform call has said so.
    const live = mine.filter(
      (row) => row.status === 'connected' && (!row.tokenExpiresAt || row.tokenExpiresAt > now),
    );
    const working = live.length > 0;
    status[platform] = working ? 'connected' : mine.length > 0 ? 'reconnect' : 'not_connected';
    reasons[platform] = working
      ? null
      : (mine.find((row) => row.statusReason)?.statusReason ??
        (mine.length > 0 ? 'The connection has expired. Connect the account again.' : null));
    // The working token that ends first decides the warning.
    const ends = live
      .flatMap((row) => (row.tokenExpiresAt ? [row.tokenExpiresAt] : []))
      .sort((a, b) => a.getTime() - b.getTime())[0];
    expiresInDays[platform] = ends && tokenNeedsWarning(ends, now) ? tokenDaysLeft(ends, now) : null;
    accounts[platform] = mine.map((row) => row.name).sort((a, b) => a.localeCompare(b));
  }
  return {
    data: {
      linkedin: status.linkedin === 'connected',
      facebook: status.facebook === 'connected',
      instagram: status.instagram === 'connected',
      wordpress: status.wordpress === 'connected',
      twitter: false,
      googleanalytics: false,
      shopify: false,
      googleads: false,
    },
    status,
    reasons,
    expires_in_days: expiresInDays,
    accounts,
  };
};
