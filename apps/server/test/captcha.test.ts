import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/** Stands in for Google's siteverify: the token names the answer. */
let google: Server;
const seen: URLSearchParams[] = [];
let h: Harness;

beforeAll(async () => {
  google = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const token = form.get('response');
      const answer =
        token === 'human'
          ? { success: true, score: 0.9 }
          : token === 'bot'
            ? { success: true, score: 0.1 }
            : { success: false };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  const { port } = google.address() as AddressInfo;
  h = await startHarness({
    env: {
      RECAPTCHA_SECRET: 'server-secret',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    },
  });
});
afterAll(async () => {
  await h.close();
  google.close();
});

describe('reCAPTCHA v3', () => {
  it('tells the web app the site key', async () => {
    expect((await h.call('GET', '/api/config')).json().recaptcha_site_key).toBe('site-key');
  });

  it('lets humans in and refuses missing, failed and low-score tokens', async () => {
    const { email, password } = await seedUser(h);
    const attempt = (captcha_token: string) =>
      h.call('POST', '/api/loginv2', { body: { email, password, captcha_token } });
    expect((await attempt('human')).statusCode).toBe(200);
    expect(seen.at(-1)?.get('secret')).toBe('server-secret');
    for (const token of ['', 'bot', 'forged']) {
      const res = await attempt(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('captcha_failed');
    }
    const reg = await h.call('POST', '/api/register', {
      body: { email: 'r@example.com', password: 'Sunny-Day1', captcha_token: 'bot' },
    });
    expect(reg.json().error).toBe('captcha_failed');
    expect(await h.mails('r@example.com')).toHaveLength(0);
  });
});
