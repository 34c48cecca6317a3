import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectionOf,
  connectLinkedIn,
  connectMeta,
  connectWordpress,
  sandboxOf,
  WP_PASSWORD,
} from './support/platform-accounts';

/**
 * The in-process platform sandbox listens on a loopback port that plays LinkedIn, Meta, Stripe and WordPress
 * sites. The app's own clients are given its URL; an address a user types reaches only the sandbox's
 * simulated WordPress sites (`…/wp/{site}`, so a demo install can connect one), never its other platforms
 * or controls, and a company website never reaches it at all.
 */
let h: Harness;
let user: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  user = await seedUser(h);
});
afterAll(async () => {
  await h?.close();
});

describe('the in-process platform sandbox is not reachable through users’ addresses', () => {
  it('refuses a WordPress address on the sandbox’s port outside its WordPress sites, saving nothing', async () => {
    const sandbox = sandboxOf(h);
    for (const path of ['/stripe', '/wp/../stripe/v1', '/graph', '']) {
      const answer = await h.call('POST', '/api/wordpress', {
        token: user.accessToken,
        body: { USERNAME: 'editor', PASSWORD: WP_PASSWORD, HOSTNAME: `${sandbox.url}${path}` },
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toContain('public web sites');
    }
    await expect(connectionOf(h, user, 'wordpress')).rejects.toThrow();
  });

  it('refuses the sandbox’s address as a company website (brand profile)', async () => {
    const owner = await seedUser(h);
    for (const path of ['/', '/wp/demo']) {
      const answer = await h.call('POST', '/api/add_website', {
        token: owner.accessToken,
        body: { email: owner.email, website_url: `${sandboxOf(h).url}${path}` },
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'unsafe_url' });
      expect(answer.json().message).toMatch(/127\.0\.0\.1 is a loopback address/);
    }
  });

  it('lets the app’s own LinkedIn and Meta clients use the sandbox', async () => {
    const owner = await seedUser(h);
    expect((await connectLinkedIn(h, owner)).status).toBe('connected');
    expect((await connectMeta(h, owner, 'facebook')).status).toBe('connected');
  });

  it('connects the sandbox’s simulated WordPress site (a demo install)', async () => {
    const owner = await seedUser(h);
    expect((await connectWordpress(h, owner)).status).toBe('connected');
  });
});
