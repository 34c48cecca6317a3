import { INTEGRATION_MESSAGES, type TConnectedResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import {
  exchangeLinkedInCode,
  getLinkedInMember,
  linkedInAuthorizationUrl,
  revokeLinkedInToken,
} from '../../lib/clients/publishing/linkedin';
import { signOAuthState, verifyOAuthState } from '../../lib/clients/publishing/oauth-state';
import { PublishError } from '../../lib/clients/publishing/types';
import { claimOAuthState } from '../../lib/clients/publishing/used-oauth-states';
import { forgetOtherConnections, saveConnection } from './connections';

type Log = { warn: (obj: object, msg: string) => void };

const PURPOSE = 'linkedin';

/** The page the popup comes back to (our own origin, so the opener can read its URL: spec §4's polling). */
export const linkedInRedirectUri = (deps: AppDeps) =>
  `${deps.config.appOrigin.replace(/\/+$/, '')}/integrations/linkedin/callback`;

/** GET /integrations/linkedin/authorize: LinkedIn's consent page with a state signed for this user. */
export const linkedInAuthorizeUrl = (deps: AppDeps, userId: string): string =>
  linkedInAuthorizationUrl(deps.publishing.linkedin, {
    redirectUri: linkedInRedirectUri(deps),
    state: signOAuthState(deps.config.jwtSecret, { userId, purpose: PURPOSE }, deps.clock.now()),
  });

const refuse = (message: string = INTEGRATION_MESSAGES.linkedinConnectError) =>
  new AppError(400, 'linkedin_connect_failed', message);

/**
 * POST /gentoken for LinkedIn: checks the state (ours, this user's, fresh, unused), exchanges the code
 * once, reads the member and keeps one LinkedIn account per user (a new member replaces the previous
 * one, whose access is revoked).
 */
export const connectLinkedIn = async (
  deps: AppDeps,
  userId: string,
  input: { code: string; state: string | undefined },
  log: Log,
): Promise<TConnectedResponse> => {
  if (!input.code || !input.state) throw refuse();
  const now = deps.clock.now();
  const check = verifyOAuthState(deps.config.jwtSecret, input.state, { purpose: PURPOSE, userId }, now);
  if (!check.ok) {
    log.warn({ reason: check.reason }, 'LinkedIn connection refused: bad state');
    throw refuse();
  }
  // Used once across every API process (the table, not this process's memory): a replayed callback is
  // refused before any code reaches LinkedIn (which takes each code once as well).
  if (!(await claimOAuthState(deps.db, input.state, now))) throw refuse();
  const config = deps.publishing.linkedin;
  try {
    const token = await exchangeLinkedInCode(
      config,
      { code: input.code, redirectUri: linkedInRedirectUri(deps) },
      now,
    );
    const member = await getLinkedInMember(config, token.accessToken);
    await saveConnection(deps, userId, {
      platform: 'linkedin',
      externalId: member.sub,
      name: member.name,
      pictureUrl: member.picture,
      token: token.accessToken,
      meta: { scopes: token.scopes },
      tokenExpiresAt: token.expiresAt,
    });
    const replaced = await forgetOtherConnections(deps, userId, 'linkedin', member.sub);
    for (const previous of replaced) {
      await revokeLinkedInToken(config, deps.vault.open(previous.sealedToken)).catch((error: unknown) =>
        log.warn(
          { kind: error instanceof PublishError ? error.kind : 'error' },
          'LinkedIn: revoking a replaced account failed',
        ),
      );
    }
    return {
      message: INTEGRATION_MESSAGES.linkedinConnected,
      accounts: [{ name: member.name, picture: member.picture }],
    };
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    log.warn({ kind: error.kind, status: error.status, code: error.code }, 'LinkedIn connection failed');
    if (error.kind === 'unavailable' || error.kind === 'unknown_outcome' || error.kind === 'rate_limited')
      throw new AppError(502, 'linkedin_unavailable', INTEGRATION_MESSAGES.linkedinConnectError);
    throw refuse();
  }
};
