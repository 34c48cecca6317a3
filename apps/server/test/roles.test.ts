import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../src/modules/auth/ensure-admin-account';
import { reloadUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('roles and account state', () => {
  it('admin calls answer 403 to users and work for admins', async () => {
    const user = await seedUser(h, { email: 'plain@example.com' });
    const admin = await seedUser(h, { admin: true });
    const denied = await h.call('GET', '/api/admin/users', { token: user.accessToken });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('forbidden');

    const page = await h.call('GET', '/api/admin/users?page=0&limit=10&query=PLAIN', {
      token: admin.accessToken,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(1);
    expect(page.json().users[0]).toMatchObject({
      email: 'plain@example.com',
      is_admin: false,
      is_active: true,
      credits: 0,
    });
  });

  it('the user search matches any part of the address, in any letter case, and takes LIKE characters literally', async () => {
    const admin = await seedUser(h, { admin: true });
    await seedUser(h, { email: 'jane.doe@northwind.example' });
    await seedUser(h, { email: 'john_100%@contoso.example' });
    await seedUser(h, { email: 'johnx1000@contoso.example' });
    const search = async (query: string) => {
      const answer = await h.call('GET', `/api/admin/users?query=${encodeURIComponent(query)}`, {
        token: admin.accessToken,
      });
      expect(answer.statusCode).toBe(200);
      return (answer.json().users as { email: string }[]).map((user) => user.email).sort();
    };
    expect(await search('NORTHWIND')).toEqual(['jane.doe@northwind.example']);
    expect(await search('doe@north')).toEqual(['jane.doe@northwind.example']);
    expect(await search('contoso')).toEqual(['john_100%@contoso.example', 'johnx1000@contoso.example']);
    // _ and % are characters of the address, not wildcards.
    expect(await search('n_100%')).toEqual(['john_100%@contoso.example']);
    expect(await search('no-such-part')).toEqual([]);
  });

  it('the search is served by a trigram index', async () => {
    const plan = await h.deps.db.execute(
      sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'users' AND indexname = 'users_email_trgm_idx'`,
    );
    const rows = (plan as unknown as { rows: { indexdef: string }[] }).rows;
    expect(rows[0]?.indexdef).toMatch(/USING gin \(email gin_trgm_ops\)/);
    await h.deps.db.execute(sql`SET enable_seqscan = off`);
    const explain = await h.deps.db.execute(
      sql`EXPLAIN SELECT id FROM users WHERE email ILIKE ${'%northwind%'}`,
    );
    await h.deps.db.execute(sql`SET enable_seqscan = on`);
    const text = (explain as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row).join(' '))
      .join('\n');
    expect(text).toMatch(/users_email_trgm_idx/);
  });

  it('the list page title is "CRM" until renamed, follows the account, and an empty title restores it', async () => {
    const user = await seedUser(h);
    expect((await h.call('GET', '/api/me', { token: user.accessToken })).json().crmTitle).toBe('CRM');
    const renamed = await h.call('PUT', '/api/me/crm_title', {
      token: user.accessToken,
      body: { title: '  Pipeline 2026  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().crmTitle).toBe('Pipeline 2026');
    const other = await seedUser(h);
    expect((await h.call('GET', '/api/me', { token: other.accessToken })).json().crmTitle).toBe('CRM');
    const login = await h.call('POST', '/api/loginv2', {
      body: { email: user.email, password: user.password, captcha_token: '' },
    });
    const me = await h.call('GET', '/api/me', { token: login.json().access_token });
    expect(me.json().crmTitle).toBe('Pipeline 2026');

    const tooLong = await h.call('PUT', '/api/me/crm_title', {
      token: user.accessToken,
      body: { title: 'x'.repeat(61) },
    });
    expect(tooLong.json()).toEqual({
      error: 'validation_error',
      message: 'The title can have at most 60 characters',
    });
    const reset = await h.call('PUT', '/api/me/crm_title', { token: user.accessToken, body: { title: ' ' } });
    expect(reset.json().crmTitle).toBe('CRM');
    expect((await h.call('PUT', '/api/me/crm_title', { body: { title: 'x' } })).statusCode).toBe(401);
  });

  it('a deactivated account is signed out, then may only read its state and log out', async () => {
    const admin = await seedUser(h, { admin: true });
    const user = await seedUser(h);
    const off = await h.call('PUT', '/api/admin/set_user_active', {
      token: admin.accessToken,
      body: { id: user.user.id, is_active: false },
    });
    expect(off.json()).toEqual({ message: 'User deactivated' });
    expect((await h.call('GET', '/api/me', { token: user.accessToken })).json().error).toBe('token_revoked');

    const login = await h.call('POST', '/api/loginv2', {
      body: { email: user.email, password: user.password, captcha_token: '' },
    });
    expect(login.json().is_active).toEqual([false]);
    const token = login.json().access_token;
    const me = await h.call('GET', '/api/me', { token });
    expect(me.json().isActive).toBe(false);
    const blocked = await h.call('PUT', '/api/me', { token, body: { companyName: 'Acme' } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('inactive');
    expect((await h.call('POST', '/api/logout', { token })).statusCode).toBe(200);
  });

  it('refuses unknown ids and self-deactivation', async () => {
    const admin = await seedUser(h, { admin: true });
    const missing = await h.call('PUT', '/api/admin/set_user_active', {
      token: admin.accessToken,
      body: { id: '00000000-0000-4000-8000-000000000000', is_active: true },
    });
    expect(missing.statusCode).toBe(404);
    const self = await h.call('PUT', '/api/admin/set_user_active', {
      token: admin.accessToken,
      body: { id: admin.user.id, is_active: false },
    });
    expect(self.statusCode).toBe(403);
    const badId = await h.call('PUT', '/api/admin/set_user_active', {
      token: admin.accessToken,
      body: { id: 'x', is_active: true },
    });
    expect(badId.json()).toEqual({ error: 'validation_error', message: 'id is not valid' });
  });

  it('ensureAdminAccount makes the configured account admin, verified and active', async () => {
    await ensureAdminAccount(h.deps, { email: 'Boss@Example.com', password: 'Boss-Pass1' });
    const login = await h.call('POST', '/api/loginv2', {
      body: { email: 'boss@example.com', password: 'Boss-Pass1', captcha_token: '' },
    });
    expect(login.json()).toMatchObject({ is_admin: true, is_active: [true] });

    const demoted = await seedUser(h, { email: 'former@example.com', active: false, verified: false });
    await ensureAdminAccount(h.deps, { email: 'former@example.com', password: 'Ignored-1' });
    expect(await reloadUser(h, demoted.user.id)).toMatchObject({
      isAdmin: true,
      isActive: true,
      isVerified: true,
    });
  });
});

describe('profile', () => {
  it('GET /api/me answers the session fields and PUT /api/me changes the company name', async () => {
    const user = await seedUser(h);
    const me = await h.call('GET', '/api/me', { token: user.accessToken });
    expect(Object.keys(me.json()).sort()).toEqual(
      [
        'companyName',
        'crmTitle',
        'credits',
        'email',
        'isActive',
        'isAdmin',
        'socialMediaConnection',
        'subscription_type',
        'time_zone',
        'website_check',
        'website_name',
        'website_url',
      ].sort(),
    );
    const put = await h.call('PUT', '/api/me', {
      token: user.accessToken,
      body: { companyName: '  Acme Ltd ' },
    });
    expect(put.json().companyName).toBe('Acme Ltd');
    const empty = await h.call('PUT', '/api/me', { token: user.accessToken, body: { companyName: '' } });
    expect(empty.json()).toEqual({ error: 'validation_error', message: 'Company name is required' });
  });
});

describe('system', () => {
  it('health, config, OpenAPI and the error envelope for unknown calls', async () => {
    expect((await h.call('GET', '/api/health')).json()).toEqual({ status: 'ok' });
    expect((await h.call('GET', '/api/config')).json()).toEqual({
      recaptcha_site_key: null,
      version: '1.0.0',
    });
    const docs = await h.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/loginv2', '/api/register', '/api/refresh', '/api/me']),
    );
    const unknown = await h.call('GET', '/api/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('not_found');
  });
});
