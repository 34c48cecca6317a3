import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type LinkedInSandbox,
  type PersonSummary,
  startLinkedInSandbox,
} from '@sales-assist/linkedin-sandbox';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createLogger } from '../src/app';
import { type Database, openDatabase } from '../src/db/open-database';
import { activityLog, campaignLeads, outreachSteps } from '../src/db/schema';
import { loadConfig } from '../src/env';
import { systemClock } from '../src/lib/core/clock';
import { startServices } from '../src/start-services';
import { buildServer, type CompiledServer } from './support/compiled-server';
import { seedUser } from './support/factories';
import { freePort } from './support/free-port';
import type { Harness } from './support/harness';
import { connectLinkedIn, seedLaunchedCampaign } from './support/outreach-factories';
import { newServerDatabase } from './support/test-database';

// "Never twice across a kill -9": the real server in a child process (compiled, as `npm start` runs it: under
// tsx each of its two starts compiled every source file again), on its own data directory (and
// its own PostgreSQL database when DATABASE_URL is set), against a LinkedIn sandbox started apart from
// it (in this test's process). The server is killed with SIGKILL while LinkedIn holds its connection
// request, restarted at once, and must then neither send that request again nor keep the account
// stopped: the other lead's request follows within seconds.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const INVITE_PATH = 'voyagerRelationshipsDashMemberRelationships';
const LI_AT = `AQEDAkill${randomBytes(4).toString('hex')}`;

let sandbox: LinkedInSandbox;
let compiled: CompiledServer | null = null;
let dataDir: string;
/** On PostgreSQL (DATABASE_URL), a database of this test's own, dropped afterwards. */
let databaseUrl: string | undefined;
let dropDatabase = async (): Promise<void> => undefined;
let env: Record<string, string>;
let server: ChildProcess | null = null;
let output = '';

/** The server's database, opened from this process while no server runs (the embedded one is locked). */
const withDatabase = async <T>(use: (database: Database) => Promise<T>): Promise<T> => {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
};

const startServer = async (): Promise<void> => {
  if (!compiled) throw new Error('the server was not built');
  const child = spawn(process.execPath, compiled.args(), {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server = child;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
        return fetch(`http://127.0.0.1:${env.PORT}/api/health`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(200);
};

const stopServer = async (signal: NodeJS.Signals): Promise<void> => {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

beforeAll(async () => {
  compiled = buildServer('engine-kill');
  dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-kill-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await newServerDatabase(serverUrl, 'sa_kill');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  sandbox = await startLinkedInSandbox({
    port: 0,
    daySeconds: 2,
    dataDir: path.join(dataDir, 'separate-sandbox'),
  });
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'kill-test-secret-kill-test-secret-0123',
    VAULT_KEY: 'a'.repeat(64),
    LINKEDIN_BASE_URL: sandbox.url,
    LINKEDIN_SANDBOX: 'true',
    LINKEDIN_MIN_SPACING_MS: '0',
    OUTREACH_DAY_SECONDS: '2',
    OUTREACH_SWEEP_SECONDS: '0.5',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
});

afterAll(async () => {
  await stopServer('SIGKILL');
  await sandbox?.close();
  await dropDatabase();
  await compiled?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A user, their LinkedIn account and a campaign whose two leads are due for their connection request. */
const seedCampaign = async (people: PersonSummary[]) =>
  withDatabase(async (database) => {
    const config = loadConfig(env);
    const log = createLogger('silent');
    const services = await startServices(config, database, log, { engine: false });
    const app = await buildApp(services.deps, log);
    const h = {
      app,
      deps: services.deps,
      config,
      services: { ...services, sandbox },
      call: (method, url, { body, token } = {}) =>
        app.inject({
          method,
          url,
          payload: body as string,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
    } as Harness;
    try {
      const user = await seedUser(h);
      const { account } = await connectLinkedIn(h, user, LI_AT);
      const { campaign } = await seedLaunchedCampaign(h, systemClock, user, account, people, {
        startAt: { state: 'post_commented', action: 'send_invitation', stepsDone: 3 },
      });
      return { campaignId: campaign.id, token: user.accessToken };
    } finally {
      await app.close();
      await services.stop();
    }
  });

const invitationPosts = () =>
  sandbox.control.requests(LI_AT).filter((r) => r.method === 'POST' && r.path.includes(INVITE_PATH));
const invitationsTo = (person: PersonSummary) =>
  sandbox.control.memberState(LI_AT).invitations.filter((i) => i.profileUrn === person.profileUrn);

describe('the server killed with SIGKILL in the middle of a LinkedIn action', () => {
  it('sends the action exactly once and resumes outreach within seconds of the restart', {
    timeout: 120_000,
  }, async () => {
    // People who keep the request pending and take a note, so each gets exactly one POST.
    const people = sandbox.control
      .people({ limit: 300, liAt: LI_AT })
      .people.filter(
        (p) => p.connectionDegree !== '1st' && !p.traits.acceptsInvitations && !p.traits.refusesNotes,
      )
      .slice(0, 2);
    const { campaignId, token } = await seedCampaign(people);
    // What the app shows for the campaign's leads, asked of the running server.
    const statuses = async () => {
      const res = await fetch(
        `http://127.0.0.1:${env.PORT}/api/linkedinAI/get_campaign_leads?id=${campaignId}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      return ((await res.json()) as { result: Array<{ Status: string }> }).result.map((lead) => lead.Status);
    };

    // LinkedIn holds the first connection request for 3 s; the server dies while it waits.
    sandbox.control.stall(LI_AT, { ms: 3_000, path: INVITE_PATH });
    await startServer();
    await expect.poll(() => invitationPosts().length, { timeout: 20_000, interval: 50 }).toBe(1);
    expect(invitationPosts()[0]?.status).toBeNull();
    await stopServer('SIGKILL');
    const [first, second] = people;
    if (!first || !second) throw new Error('two people needed');
    // LinkedIn went on and made the invitation the server never heard back about.
    await expect
      .poll(() => sandbox.control.memberState(LI_AT).invitations.length, { timeout: 10_000 })
      .toBe(1);
    const interrupted = sandbox.control.memberState(LI_AT).invitations[0]?.profileUrn;

    const restartedAt = Date.now();
    await startServer();
    const backAfterMs = Date.now() - restartedAt;
    await expect
      .poll(() => sandbox.control.memberState(LI_AT).invitations.length, { timeout: 45_000 })
      .toBe(2);
    const resumedAfterMs = Date.now() - restartedAt;
    console.info(
      `kill -9 test: server back after ${backAfterMs} ms, outreach resumed after ${resumedAfterMs} ms`,
    );

    // Exactly once each: one invitation per person, and no second request for the interrupted one.
    expect(invitationsTo(first)).toHaveLength(1);
    expect(invitationsTo(second)).toHaveLength(1);
    expect(invitationPosts()).toHaveLength(2);
    // The interrupted lead is settled too, by reading LinkedIn back.
    await expect.poll(statuses, { timeout: 20_000 }).toEqual(['Invitation Sent', 'Invitation Sent']);
    expect(invitationPosts()).toHaveLength(2);
    await stopServer('SIGTERM');

    await withDatabase(async ({ db }) => {
      const leads = await db
        .select()
        .from(campaignLeads)
        .where(eq(campaignLeads.campaignId, campaignId))
        .orderBy(asc(campaignLeads.id));
      expect(leads.map((lead) => lead.state)).toEqual(['invitation_sent', 'invitation_sent']);
      const sent = await db
        .select()
        .from(outreachSteps)
        .where(and(eq(outreachSteps.campaignId, campaignId), eq(outreachSteps.action, 'send_invitation')))
        .orderBy(asc(outreachSteps.id));
      expect(sent.map((step) => step.state)).toEqual(['done', 'done']);
      // The interrupted step was claimed twice: the second time it read LinkedIn back and sent nothing.
      const reconciled = sent.find((step) => step.attempt === 2);
      expect(reconciled).toBeDefined();
      const lead = leads.find((l) => l.id === reconciled?.campaignLeadId);
      expect(lead?.profileUrn).toBe(interrupted);
      const log = await db.select().from(activityLog).where(eq(activityLog.campaignId, campaignId));
      expect(log.map((entry) => entry.outcome)).toContain(
        'Sent a connection request (confirmed after a restart)',
      );
    });
  });
});
