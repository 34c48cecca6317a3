import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness';

// helmet's headers on every answer: found calls, unknown calls, errors, and the same on every request (the
// middleware is built once at start, not per request).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const directives = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );

describe('security headers', () => {
  it("sends the app's content security policy and helmet's other headers on every kind of answer", async () => {
    const answers = [
      await h.call('GET', '/api/health'),
      await h.call('GET', '/api/no-such-call'),
      await h.call('GET', '/api/me'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401]);
    for (const answer of answers) {
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://www.gstatic.com']));
      expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://www.facebook.com']));
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(['blob:', 'https:']));
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['strict-transport-security']).toContain('max-age=');
      // The login popups keep their opener (app.ts): no Cross-Origin-Opener-Policy.
      expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    const again = await h.call('GET', '/api/health');
    expect(again.headers['content-security-policy']).toBe(answers[0]?.headers['content-security-policy']);
  });
});
