import {
  SOCIAL_PLATFORMS,
  type TConnectionStatus,
  type TIntegrationsResponse,
  type TSocialPlatform,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { listConnections } from './connections';

/**
 * GET /getintegrations: the spec's flags (a platform is connected when one of its accounts works), the
 * tiles the product has no integration for always false, and each platform's state for the "Reconnect" tile.
 */
export const listIntegrations = async (deps: AppDeps, userId: string): Promise<TIntegrationsResponse> => {
  const rows = await listConnections(deps, userId);
  const status = {} as Record<TSocialPlatform, TConnectionStatus>;
  const reasons = {} as Record<TSocialPlatform, string | null>;
  for (const platform of SOCIAL_PLATFORMS) {
    const mine = rows.filter((row) => row.platform === platform);
    const working = mine.some((row) => row.status === 'connected');
    status[platform] = working ? 'connected' : mine.length > 0 ? 'reconnect' : 'not_connected';
    reasons[platform] = working ? null : (mine.find((row) => row.statusReason)?.statusReason ?? null);
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
  };
};
