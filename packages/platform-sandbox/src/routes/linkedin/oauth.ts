import type { FastifyInstance, FastifyReply } from 'fastify';
import { type LinkedInWorld, TOKEN_SECONDS } from './world';

/** Scopes this app may ask for (LinkedIn refuses others with error=invalid_scope). */
const KNOWN_SCOPES = new Set([
  'openid',
  'profile',
  'email',
  'w_member_social',
  'r_member_social',
  'r_member_postAnalytics',
]);

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#1d2226}
h1{font-size:1.2rem}.brand{color:#0a66c2;font-weight:700}button{font-size:1rem;padding:.5rem 1.2rem;border-radius:1.2rem;cursor:pointer}
.allow{background:#0a66c2;color:#fff;border:0}.cancel{background:#fff;border:1px solid #666;margin-left:.5rem}
li{margin:.2rem 0}</style></head><body><p class="brand">in · LinkedIn sandbox</p>${body}</body></html>`;

const SCOPE_WORDS: Record<string, string> = {
  openid: 'Use your name and photo to sign you in',
  profile: 'Use your name and photo',
  email: 'Use the primary email address on your LinkedIn account',
  w_member_social: 'Create, modify and delete posts, comments and reactions on your behalf',
  r_member_social: 'Read your posts, comments and reactions',
  r_member_postAnalytics: 'Retrieve your posts and their reporting data',
};

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const redirectWith = (reply: FastifyReply, redirectUri: string, params: Record<string, string>) => {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return reply.redirect(url.href, 302);
};

type Form = Record<string, string | undefined>;

/** LinkedIn's OAuth errors: { error, error_description } with 400 or 401. */
const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).send({ error, error_description: description });

/**
 * The 3-legged OAuth 2 flow of www.linkedin.com: the consent page, the one-time code exchange,
 * token introspection and revocation.
 */
export const registerLinkedInOAuth = (app: FastifyInstance, world: LinkedInWorld) => {
  app.get('/oauth/v2/authorization', async (req, reply) => {
    const q = req.query as Form;
    const redirectUri = q.redirect_uri ?? '';
    // Without a known app and a usable redirect_uri LinkedIn cannot send the person back: it shows an error.
    if (q.client_id !== world.app().clientId || !isHttpUrl(redirectUri)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          page(
            'LinkedIn: bad request',
            '<h1>Bummer, something went wrong.</h1><p>The application is unknown or its redirect_uri is not valid.</p>',
          ),
        );
    }
    const state = q.state ?? '';
    if (q.response_type !== 'code')
      return redirectWith(reply, redirectUri, {
        error: 'unsupported_response_type',
        error_description: 'response_type must be code',
        ...(state ? { state } : {}),
      });
    const scopes = (q.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = scopes.filter((scope) => !KNOWN_SCOPES.has(scope));
    if (scopes.length === 0 || unknown.length > 0)
      return redirectWith(reply, redirectUri, {
        error: 'invalid_scope',
        error_description: `Scope "${unknown[0] ?? ''}" is not authorized for your application`,
        ...(state ? { state } : {}),
      });
    const member = world.signedIn();
    const hidden = {
      client_id: q.client_id ?? '',
      redirect_uri: redirectUri,
      state,
      scope: scopes.join(' '),
    };
    const fields = Object.entries(hidden)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sign in with LinkedIn',
        `<h1>Sales Assist would like to:</h1><ul>${scopes
          .map((scope) => `<li>${escapeHtml(SCOPE_WORDS[scope] ?? scope)}</li>`)
          .join(
            '',
          )}</ul><p>Signed in as <strong>${escapeHtml(member.name)}</strong> (${escapeHtml(member.email)})</p>
<form method="post" action="authorization/decide">${fields}
<button class="allow" name="decision" value="allow" type="submit" autofocus>Allow</button>
<button class="cancel" name="decision" value="cancel" type="submit">Cancel</button></form>`,
      ),
    );
  });

  app.post('/oauth/v2/authorization/decide', async (req, reply) => {
    const form = (req.body ?? {}) as Form;
    const redirectUri = form.redirect_uri ?? '';
    if (form.client_id !== world.app().clientId || !isHttpUrl(redirectUri))
      return reply.code(400).type('text/html; charset=utf-8').send(page('LinkedIn', '<h1>Bad request</h1>'));
    const state: Record<string, string> = form.state ? { state: form.state } : {};
    if (form.decision !== 'allow')
      return redirectWith(reply, redirectUri, {
        error: 'user_cancelled_login',
        error_description: 'The user cancelled LogIn',
        ...state,
      });
    const code = world.issueCode({
      sub: world.signedIn().sub,
      clientId: form.client_id,
      redirectUri,
      scopes: (form.scope ?? '').split(' ').filter(Boolean),
    });
    return redirectWith(reply, redirectUri, { code, ...state });
  });

  app.post('/oauth/v2/accessToken', async (req, reply) => {
    const form = (req.body ?? {}) as Form;
    if (form.grant_type !== 'authorization_code')
      return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code');
    if (!form.code || !form.redirect_uri || !form.client_id)
      return oauthError(
        reply,
        400,
        'invalid_request',
        'A required parameter "code", "redirect_uri" or "client_id" is missing',
      );
    const known = world.app();
    if (form.client_id !== known.clientId || form.client_secret !== known.clientSecret)
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    const code = world.redeemCode(form.code);
    if (code === undefined || code === 'used')
      return oauthError(
        reply,
        400,
        'invalid_request',
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
      );
    if (code === 'expired')
      return oauthError(
        reply,
        400,
        'invalid_request',
        'Unable to retrieve access token: authorization code expired',
      );
    if (code.redirectUri !== form.redirect_uri || code.clientId !== form.client_id)
      return oauthError(
        reply,
        400,
        'invalid_request',
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code',
      );
    const issued = world.issueToken(code.sub, code.scopes);
    const idToken = code.scopes.includes('openid')
      ? [
          Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
          Buffer.from(
            JSON.stringify({
              iss: 'https://www.linkedin.com/oauth',
              aud: known.clientId,
              sub: code.sub,
              iat: Math.floor(issued.issuedAt.getTime() / 1000),
              exp: Math.floor(issued.issuedAt.getTime() / 1000) + 3600,
            }),
          ).toString('base64url'),
          '',
        ].join('.')
      : undefined;
    return {
      access_token: issued.value,
      expires_in: TOKEN_SECONDS,
      scope: code.scopes.join(','),
      token_type: 'Bearer',
      ...(idToken ? { id_token: idToken } : {}),
    };
  });

  const clientChecked = (form: Form, reply: FastifyReply) => {
    const known = world.app();
    if (form.client_id === known.clientId && form.client_secret === known.clientSecret) return true;
    oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    return false;
  };

  app.post('/oauth/v2/introspectToken', async (req, reply) => {
    const form = (req.body ?? {}) as Form;
    if (!clientChecked(form, reply)) return reply;
    const found = world.tokenByValue(form.token ?? '');
    if (!found) return { active: false };
    const status = found.revoked ? 'revoked' : found.expiresAt <= world.ctx.now() ? 'expired' : 'active';
    return {
      active: status === 'active',
      client_id: world.app().clientId,
      authorized_at: Math.floor(found.issuedAt.getTime() / 1000),
      created_at: Math.floor(found.issuedAt.getTime() / 1000),
      status,
      expires_at: Math.floor(found.expiresAt.getTime() / 1000),
      scope: found.scopes.join(','),
      auth_type: '3L',
    };
  });

  app.post('/oauth/v2/revoke', async (req, reply) => {
    const form = (req.body ?? {}) as Form;
    if (!clientChecked(form, reply)) return reply;
    if (!form.token)
      return oauthError(reply, 400, 'invalid_request', 'A required parameter "token" is missing');
    const found = world.tokenByValue(form.token);
    if (found) found.revoked = true;
    return reply.code(200).send('');
  });
};
