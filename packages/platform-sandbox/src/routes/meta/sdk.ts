import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sdkScript } from './sdk-script';
import type { MetaWorld } from './world';

/**
 * The Facebook login in sandbox mode: the SDK script (/facebook/sdk.js) and the consent page its
 * FB.login opens in a popup (/facebook/dialog/oauth), which gives a short-lived user token to the page
 * that opened it, as facebook.com's dialog does.
 */

const ZDialog = z.object({
  client_id: z.string().min(1),
  scope: z.string().default(''),
  nonce: z.string().regex(/^[A-Za-z0-9]{6,64}$/),
  origin: z.url({ protocol: /^https?$/ }),
});
const ZAnswer = ZDialog.extend({
  action: z.enum(['allow', 'cancel']),
  user_id: z.string().optional(),
});

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f0f2f5;color:#1c1e21}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.1)}
h1{font-size:20px;margin:0 0 8px}p{color:#606770}label{display:block;padding:8px 0}
.scopes{font-size:13px}.actions{display:flex;gap:8px;margin-top:16px}
button{font-size:15px;padding:8px 16px;border-radius:6px;border:1px solid #ccd0d5;background:#fff;cursor:pointer}
button[value=allow]{background:#1877f2;color:#fff;border-color:#1877f2}
</style></head><body><main>${body}</main></body></html>`;

const refuse = (reply: FastifyReply, message: string) =>
  reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Facebook (sandbox)', `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`));

export const registerMetaSdk = (app: FastifyInstance, world: MetaWorld) => {
  app.register(
    async (facebook) => {
      facebook.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      facebook.get('/sdk.js', async (_req, reply) =>
        reply
          .type('application/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('access-control-allow-origin', '*')
          .send(sdkScript(world.ctx.publicUrl())),
      );

      facebook.get('/dialog/oauth', async (req, reply) => {
        const parsed = ZDialog.safeParse(req.query);
        if (!parsed.success) return refuse(reply, 'The login link is incomplete (client_id, nonce, origin).');
        const dialog = parsed.data;
        const { appId } = world.app();
        if (appId && dialog.client_id !== appId)
          return refuse(reply, 'Invalid App ID: the app is not known.');
        const people = world.users();
        if (people.length === 0) return refuse(reply, 'There is nobody in the sandbox to log in as.');
        const scopes = dialog.scope
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const hidden = (['client_id', 'scope', 'nonce', 'origin'] as const)
          .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(dialog[key])}">`)
          .join('');
        const choices = people
          .map(
            (person, index) =>
              `<label><input type="radio" name="user_id" value="${escapeHtml(person.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(person.name)}</label>`,
          )
          .join('');
        const body = `<h1>Log in with Facebook (sandbox)</h1>
<p>${escapeHtml(new URL(dialog.origin).host)} asks to use your Facebook pages and Instagram accounts.</p>
<form method="post" action="/facebook/dialog/oauth">${hidden}
<fieldset><legend>Continue as</legend>${choices}</fieldset>
${scopes.length ? `<p class="scopes">Permissions: ${scopes.map(escapeHtml).join(', ')}</p>` : ''}
<div class="actions"><button type="submit" name="action" value="allow">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button></div></form>`;
        return reply.type('text/html; charset=utf-8').send(page('Log in with Facebook (sandbox)', body));
      });

      facebook.post('/dialog/oauth', async (req, reply) => {
        const parsed = ZAnswer.safeParse(req.body);
        if (!parsed.success) return refuse(reply, 'The login answer is incomplete.');
        const answer = parsed.data;
        let message: Record<string, unknown> = {
          type: 'fbsandbox:login',
          nonce: answer.nonce,
          status: 'unknown',
        };
        if (answer.action === 'allow') {
          const person = world.user(answer.user_id ?? '');
          if (!person) return refuse(reply, 'Choose who to continue as.');
          const token = world.issueUserToken(person.id);
          const expiresIn = Math.round(
            ((token.expiresAt?.getTime() ?? 0) - world.ctx.now().getTime()) / 1000,
          );
          message = {
            ...message,
            status: 'connected',
            authResponse: {
              accessToken: token.value,
              userID: person.id,
              expiresIn,
              data_access_expiration_time: Math.floor(world.ctx.now().getTime() / 1000) + 90 * 86_400,
            },
          };
        }
        // The token goes only to the origin that opened the dialog (postMessage's target origin).
        const json = JSON.stringify({ origin: answer.origin, message }).replace(/</g, '\\u003c');
        const body = `<p>${answer.action === 'allow' ? 'Logged in. You can close this window.' : 'Cancelled.'}</p>
<script type="application/json" id="answer">${json}</script>
<script>(function(){var a=JSON.parse(document.getElementById('answer').textContent);
if(window.opener){window.opener.postMessage(a.message,a.origin);}window.close();})();</script>`;
        return reply.type('text/html; charset=utf-8').send(page('Facebook (sandbox)', body));
      });
    },
    { prefix: '/facebook' },
  );
};
