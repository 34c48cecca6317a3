import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness';

const lines: string[] = [];
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logSink: (line) => lines.push(line) });
});
afterAll(() => h.close());

describe('the log', () => {
  it('records requests and mails but never a password, code or token', async () => {
    const password = 'Secret-Horse7';
    const reg = await h.call('POST', '/api/register', {
      body: { email: 'quiet@example.com', password, captcha_token: '' },
    });
    const challenge = reg.json().token;
    const code = await h.latestCode('quiet@example.com');
    const session = (
      await h.call('POST', '/api/verify_otp', { body: { token: challenge, otp: code } })
    ).json();
    const rotated = (await h.call('POST', '/api/refresh', { token: session.refresh_token })).json();
    await h.call('POST', '/api/change_password', {
      token: rotated.access_token,
      body: { old_password: password, new_password: 'Other-Horse8' },
    });
    await h.call('POST', '/api/loginv2', {
      body: { email: 'quiet@example.com', password: 'Wrong-Horse9', captcha_token: '' },
    });

    const log = lines.join('\n');
    expect(log).toContain('mail written to outbox');
    expect(log).toContain('/api/verify_otp');
    for (const secret of [
      password,
      'Other-Horse8',
      'Wrong-Horse9',
      code,
      challenge,
      session.access_token,
      session.refresh_token,
      rotated.refresh_token,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
