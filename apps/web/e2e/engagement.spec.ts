import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { apiCampaign, csvList, launchWhenMessagesReady } from './support/outreach-seed';
import { serveJourneysFrom, startOwnServer, type TOwnServer } from './support/own-server';
import { shot } from './support/screenshot';

/**
 * A person of the LinkedIn sandbox (made up from this profile address with the sandbox's default seed) who
 * accepts an invitation within a day and answers the first follow-up a day later, so a campaign's thread
 * with them holds a reply within the plan's first 35 (1-second) days.
 */
const REPLIER = 'https://www.linkedin.com/in/inbox-lead-e2e-58';

/*
 * The journey waits for day 35 of the plan and looks at nothing on the way, so it has a server of its own
 * whose campaign days (the engine's and the LinkedIn sandbox's) last 1 s instead of the shared server's 4:
 * about 40 s of waiting instead of 140, for a start of a few seconds.
 */
let server: TOwnServer;
let backToShared: () => void = () => undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer('engagement', { OUTREACH_DAY_SECONDS: '1', OUTREACH_SWEEP_SECONDS: '1' });
  backToShared = serveJourneysFrom(server);
});

test.afterAll(async () => {
  backToShared();
  await server?.stop();
});

test('Engagement: the reply to a campaign shows in the inbox; the lead is labelled and answered with the keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const user = await createAccount(request, { prefix: 'engagement', website: e2eEnv().siteUrl });
  const headers = await signInWithLinkedIn(request, user.email, user.password, `e2e-inbox-${Date.now()}`);
  const listId = await csvList(request, headers, 'Inbox people', [
    `Nora Quinn,Head of Growth at Northwind,Berlin,Northwind,2nd,CSV,${REPLIER},None`,
  ]);
  const campaignId = await apiCampaign(request, headers, 'Inbox push', listId);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // Before any follow-up: the inbox says where replies will show.
  await page.goto('/engagement');
  await expect(page.getByText('No conversations yet: replies to your campaigns show up here')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Campaigns' })).toHaveAttribute('href', '/campaigns');
  await shot(page, '01-engagement-empty');

  await launchWhenMessagesReady(request, headers, campaignId);

  // The engine sends follow-up 1 on day 28 and reads Nora's answer at follow-up 2 (day 35): 1 s a day.
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/engagement/threads', { headers });
        const { threads } = (await answer.json()) as { threads: { last_message: { from: string } }[] };
        return threads[0]?.last_message.from ?? 'none';
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe('them');

  // The sidebar counts the unread message until the thread is opened.
  await page.goto('/');
  await page.getByRole('button', { name: 'Outreach' }).click();
  await expect(page.getByLabel('1 unread in Engagement')).toBeVisible();
  await shot(page, '02-sidebar-unread');
  await page.getByRole('link', { name: /Engagement/ }).click();
  const thread = page.getByRole('button', { name: /^Conversation with Nora Quinn/ });
  await expect(thread).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nora Quinn' })).toBeVisible();
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText('Campaign follow-up', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Replied', { exact: true })).toBeVisible();
  await expect(page.getByLabel(/unread in Engagement/)).toHaveCount(0);
  await shot(page, '03-engagement-thread');

  await page
    .getByRole('group', { name: 'Label' })
    .getByRole('button', { name: 'Interested', exact: true })
    .click();
  await expect(page.getByText('Label saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Interested', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(thread.getByText('Interested', { exact: true })).toBeVisible();

  // r focuses the reply box; Ctrl+Enter sends it through LinkedIn.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Reply' });
  await expect(box).toBeFocused();
  await page.keyboard.type('Thanks Nora! Does Tuesday or Wednesday suit you for a short call?');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Reply sent')).toBeVisible();
  await expect(box).toHaveValue('');
  const sent = page
    .getByRole('log', { name: 'Messages' })
    .getByText('Thanks Nora! Does Tuesday or Wednesday suit you for a short call?');
  await expect(sent).toBeVisible();
  await expect(page.getByText('Sent from the inbox', { exact: false })).toBeVisible();
  await shot(page, '04-engagement-replied');

  // The API holds it as the inbox's, with the label analytics counts.
  const list = await request.get('/api/engagement/threads?label=interested', { headers });
  const { threads } = (await list.json()) as {
    threads: { id: number; last_message: { from: string; text: string } }[];
  };
  expect(threads).toHaveLength(1);
  expect(threads[0]?.last_message).toMatchObject({
    from: 'me',
    text: 'Thanks Nora! Does Tuesday or Wednesday suit you for a short call?',
  });
});
