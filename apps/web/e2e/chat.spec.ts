import type { APIRequestContext } from '@playwright/test';
import { STAND_IN_CHAT_LEAD, standInChatTitle } from '@sales-assist/stand-ins/llm';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { apiCampaign, csvList } from './support/outreach-seed';
import { shot } from './support/screenshot';
import { startServerWithModel, type TServerWithModel } from './support/server-with-model';

/*
 * Sales Assist Chat in Chromium, against a server of its own whose AI endpoint is the local stand-in
 * (support/server-with-model.ts): the stand-in calls the campaigns tool for a question naming a campaign
 * and answers with the figures the tool read, and in long-answer mode streams long enough to press Stop.
 */

let model: TServerWithModel;
const shared = { baseUrl: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  model = await startServerWithModel();
  // The fixtures, the outbox and the account helpers read the server from here.
  process.env.E2E_BASE_URL = model.baseUrl;
  process.env.E2E_DATA_DIR = model.dataDir;
});

test.afterAll(async () => {
  process.env.E2E_BASE_URL = shared.baseUrl;
  process.env.E2E_DATA_DIR = shared.dataDir;
  await model?.stop();
});

/** A lead list from a CSV and a campaign on it, made through the API as the screens would. */
const seedCampaign = async (request: APIRequestContext, headers: Record<string, string>, name: string) => {
  const rows = [
    'Jane Doe,Founder at Globex,"Austin, Texas",Globex,2nd,CSV,https://www.linkedin.com/in/jane-doe-chat,None',
    'Omar Haddad,CTO at Initech,Paris,Initech,2nd,CSV,https://www.linkedin.com/in/omar-haddad-chat,None',
    'Li Wei,COO at Umbrella,Berlin,Umbrella,2nd,CSV,https://www.linkedin.com/in/li-wei-chat,None',
  ];
  const listId = await csvList(request, headers, 'Founders Q4', rows);
  await apiCampaign(request, headers, name, listId);
  return { leads: rows.length };
};

test('chat: new chat, a streamed answer with the campaign’s real figures, Stop, the title, reload and continue', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createAccount(request, { prefix: 'chat', website: e2eEnv().siteUrl });
  const headers = await signInWithLinkedIn(request, user.email, user.password, `e2e-chat-${Date.now()}`);
  const { leads } = await seedCampaign(request, headers, 'Q4 push');

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The dashboard's Chat tile leads to the chat.
  await page.getByRole('link', { name: /^Chat/ }).first().click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('Ask Sales Assist')).toBeVisible();
  // Spec §2: the sidebar shows icons only here, each still named.
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Sales Assist Chat' })).toBeVisible();
  await expect(sidebar.getByText('Dashboard', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Chats' }).getByText('No chats yet')).toBeVisible();
  await shot(page, '01-new-chat');

  // Ask about the campaign: the tool chip, then the answer quoting what the tool read.
  const question = 'How is my Q4 push campaign doing?';
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatUrl = page.url();
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer.getByTestId('tool-chip')).toHaveText(
    `Read campaign “Q4 push”: ${leads} leads, 0 accepted`,
  );
  await expect(answer).toContainText(STAND_IN_CHAT_LEAD);
  await expect(answer).toContainText(`campaign.name: Q4 push`);
  await expect(answer).toContainText(`campaign.leads_total: ${leads}`);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  // The title the server wrote from the first exchange, in the list and above the chat.
  const title = standInChatTitle(question);
  const list = page.getByRole('navigation', { name: 'Chats' });
  await expect(list.getByRole('button', { name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId('chat-title')).toHaveText(title);
  await shot(page, '02-answered-with-figures');

  // A long answer, stopped while it streams: its partial text stays, marked Stopped.
  model.standIn.setMode('long-answer');
  await box.fill('Tell me everything about my Q4 push campaign');
  await box.press('Enter');
  const long = page.getByTestId('assistant-message').last();
  await expect(long).toContainText('Long answer sentence 3 ');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await shot(page, '03-streaming');
  await page.getByRole('button', { name: 'Stop' }).click();
  model.standIn.setMode('normal');
  await expect(long.getByText('Stopped', { exact: true })).toBeVisible();
  await expect(long).toHaveAttribute('data-status', 'stopped');
  await expect(long).not.toContainText('Long answer sentence 120 ');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await shot(page, '04-stopped');

  // Reload: the chat is kept with both answers (the stopped one still marked), and it goes on.
  await page.reload();
  await expect(page).toHaveURL(chatUrl);
  await expect(page.getByTestId('user-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').first()).toContainText(`campaign.leads_total: ${leads}`);
  const kept = page.getByTestId('assistant-message').last();
  await expect(kept).toHaveAttribute('data-status', 'stopped');
  await expect(kept).toContainText('Long answer sentence 1 ');
  await expect(kept.getByText('Stopped', { exact: true })).toBeVisible();
  await box.fill('How many leads are in my lists?');
  await box.press('Enter');
  const next = page.getByTestId('assistant-message').nth(2);
  await expect(next).toHaveAttribute('data-status', 'complete');
  await expect(next.getByTestId('tool-chip')).toBeVisible();
  await expect(next).toContainText(STAND_IN_CHAT_LEAD);
  await expect(next).toContainText(`${leads}`);
  await expect(page.getByTestId('user-message')).toHaveCount(3);
  await shot(page, '05-reloaded-and-continued');

  // /chat alone reopens the chat last open (persisted client state); New Chat starts afresh.
  await page.goto('/chat');
  await expect(page).toHaveURL(chatUrl);
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('Ask Sales Assist')).toBeVisible();
  await expect(list.getByRole('button', { name: title, exact: true })).toBeVisible();
  // The counter near the message limit.
  await box.fill('a'.repeat(7_000));
  await expect(page.getByTestId('message-counter')).toHaveText('7,000 / 8,000');
  await shot(page, '06-counter-near-limit');
  await box.fill('');

  // Rename in place (Enter keeps it), then delete after the confirmation.
  await list.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const field = list.getByRole('textbox', { name: 'Chat title' });
  await field.fill('Q4 push review');
  await shot(page, '07-renaming');
  await field.press('Enter');
  await expect(list.getByRole('button', { name: 'Q4 push review', exact: true })).toBeVisible();
  await page.reload();
  await expect(list.getByRole('button', { name: 'Q4 push review', exact: true })).toBeVisible();
  // The sections of the narrowed sidebar open as menus.
  await sidebar.getByRole('button', { name: 'Outreach' }).click();
  await expect(page.getByRole('menuitem', { name: 'Campaigns' })).toBeVisible();
  await shot(page, '08-sidebar-section-menu');
  await page.keyboard.press('Escape');
  await list.getByRole('button', { name: 'Actions for Q4 push review' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(
    page.getByText('"Q4 push review" and all its messages will be deleted. This cannot be undone.'),
  ).toBeVisible();
  await shot(page, '09-delete-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByText('No chats yet')).toBeVisible();
  await page.goto(chatUrl);
  await expect(page.getByTestId('chat-title')).toHaveText('Chat not found');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await shot(page, '10-chat-not-found');
  await page.getByRole('button', { name: 'Start a new chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // On a phone the side list opens as a drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('navigation', { name: 'Chats' })).toBeHidden();
  await page.getByRole('button', { name: 'Chats' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Chats' }).getByRole('button', { name: 'New Chat' }),
  ).toBeVisible();
  // Its slide-in has ended when it sits at the left edge.
  await expect.poll(async () => (await page.getByRole('dialog', { name: 'Chats' }).boundingBox())?.x).toBe(0);
  await shot(page, '11-phone-chats-drawer');
});
