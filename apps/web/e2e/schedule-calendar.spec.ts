import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

const ZONE = 'Asia/Tokyo';
const WP_PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

// The browser runs in New York; the person chose Tokyo in Settings: the calendar must follow Tokyo.
test.use({ timezoneId: 'America/New_York' });

type THeaders = { Authorization: string };

/** "2026-11-25", "14", "05": a wall-clock date and time in Tokyo. */
const tokyoParts = (instant: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hours: parts.hour ?? '',
    minutes: parts.minute ?? '',
  };
};
const DAY = 24 * 3600 * 1000;

const signIn = async (request: APIRequestContext, email: string, password: string): Promise<THeaders> => {
  const login = await request.post('/api/loginv2', { data: { email, password, captcha_token: '' } });
  expect(login.status()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}` };
};

/** A blog post written by the server (its offline writer here), waited for until ready. */
const writeBlog = async (request: APIRequestContext, headers: THeaders, topic: string): Promise<number> => {
  const started = await request.post('/api/blogs', { headers, data: { topic } });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = ((await started.json()) as { blog: { id: number } }).blog;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/blogs/${id}`, { headers })).json()) as { blog: { status: string } })
          .blog.status,
      { timeout: 60_000 },
    )
    .toBe('ready');
  return id;
};

const schedule = async (
  request: APIRequestContext,
  headers: THeaders,
  contentID: number,
  target: string,
  at: { date: string; hours: string; minutes: string },
): Promise<number> => {
  const answer = await request.post('/api/schedule', {
    headers,
    data: { contentID, platforms: [target], ...at },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { data } = (await answer.json()) as { data: { ID: number }[] };
  return data[0]?.ID ?? 0;
};

const event = (page: Page, id: number) => page.getByTestId(`event-${id}`);
/** A day of the month grid (FullCalendar marks its cells with their date). */
const dayCell = (page: Page, date: string) =>
  page.locator(`[role="cell"][data-date="${date}"]`).filter({ visible: true });

/** Whether an event is drawn on a day (the grid draws events in a layer over the cells, not inside them). */
const isOnDay = async (page: Page, id: number, date: string): Promise<boolean> => {
  const [box, cell] = [await event(page, id).boundingBox(), await dayCell(page, date).boundingBox()];
  if (!box || !cell) return false;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  return x >= cell.x && x <= cell.x + cell.width && y >= cell.y && y <= cell.y + cell.height;
};

test('the calendar shows scheduled, failed and published posts in the chosen zone; drag, drawer, retry and remove', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { email, password } = await createAccount(request, { prefix: 'calendar', website: e2eEnv().siteUrl });
  const headers = await signIn(request, email, password);

  // An empty calendar says to connect an account first.
  await logIn(page, email, password);
  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 2 })).toBeVisible();
  await expect(page.getByText('Connect an account to start scheduling')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Integrations' })).toHaveAttribute(
    'href',
    '/integrations',
  );
  await expect(
    page.getByText("Times in America/New_York (your browser's zone; choose another in Settings)"),
  ).toBeVisible();
  await shot(page, 'calendar-empty');

  // Settings: the browser's zone until one is chosen; Tokyo is found by typing.
  await page.goto('/settings');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(/^Use my browser's zone: America\/New York/);
  await zone.click();
  // The zone database's own spelling finds its zone too.
  await zone.fill('America/New_York');
  await expect(page.getByRole('option', { name: /^America\/New York/ })).toBeVisible();
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await shot(page, 'settings-time-zone');

  // WordPress in the platform sandbox, and three blog posts for it.
  const config = (await (await request.get('/api/integrations/config', { headers })).json()) as {
    facebook: { sdkUrl: string };
  };
  const sandbox = new URL(config.facebook.sdkUrl).origin;
  const connected = await request.post('/api/wordpress', {
    headers,
    data: { HOSTNAME: `${sandbox}/wp/demo`, USERNAME: 'editor', PASSWORD: WP_PASSWORD },
  });
  expect(connected.status(), await connected.text()).toBe(200);
  const targets = (await (await request.get('/api/schedule/targets', { headers })).json()) as {
    data: { id: string; platform: string }[];
  };
  const wordpress = targets.data.find((target) => target.platform === 'wordpress')?.id ?? '';
  expect(wordpress).not.toBe('');
  const [brew, roast, beans] = [
    await writeBlog(request, headers, 'Ten ways to brew better coffee at home'),
    await writeBlog(request, headers, 'How we roast our single-origin beans'),
    await writeBlog(request, headers, 'Choosing beans for espresso'),
  ];

  // Tomorrow 10:00 and the day after 15:30 in Tokyo; the third one goes out now (the current minute is
  // accepted; the next one late in a minute, so the request cannot land after it), and WordPress refuses it
  // once (the sandbox's fault), so it fails with WordPress's reason.
  const now = Date.now();
  const tomorrow = tokyoParts(new Date(now + DAY)).date;
  const later = tokyoParts(new Date(now + 2 * DAY)).date;
  const first = await schedule(request, headers, brew, wordpress, {
    date: tomorrow,
    hours: '10',
    minutes: '00',
  });
  const second = await schedule(request, headers, roast, wordpress, {
    date: later,
    hours: '15',
    minutes: '30',
  });
  const fault = await request.post(`${sandbox}/__sandbox/faults`, {
    data: {
      method: 'POST',
      path: '/wp/demo/wp-json/wp/v2/posts',
      status: 403,
      body: {
        code: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create posts as this user.',
        data: { status: 403 },
      },
      times: 1,
    },
  });
  expect(fault.status()).toBeLessThan(300);
  const soon = tokyoParts(new Date(new Date(now).getSeconds() < 50 ? now : now + 60_000));
  const third = await schedule(request, headers, beans, wordpress, soon);

  await page.goto('/schedule');
  await expect(page.getByText('Times in Asia/Tokyo')).toBeVisible();
  // The month opens with the current week on screen, whichever week of the month it is.
  await expect(dayCell(page, tokyoParts(new Date()).date)).toBeInViewport({ ratio: 1 });
  // The month on screen is Tokyo's; a post due in the next month is reached with "Next".
  const showMonthOf = async (date: string) => {
    await expect(page.locator('[role="cell"][data-date]').first()).toBeVisible();
    if ((await dayCell(page, date).count()) === 0) {
      await page.getByRole('button', { name: /^Next/ }).click();
    }
  };
  await showMonthOf(tomorrow);
  await expect(event(page, first)).toContainText('10:00 Blog');
  // Where it goes and what it is: the network's mark and the post's own title.
  await expect(event(page, first).getByTestId('event-platform-wordpress')).toBeVisible();
  await expect(event(page, first).getByTestId('event-content-title')).toHaveText(
    'Ten ways to brew better coffee at home',
  );
  expect(await isOnDay(page, first, tomorrow)).toBe(true);
  await showMonthOf(later);
  await expect(event(page, second)).toContainText('15:30 Blog');

  // The third fails at its minute: red, with WordPress's reason on the calendar.
  await page.goto('/schedule');
  await showMonthOf(soon.date);
  await expect(event(page, third)).toHaveAttribute('data-status', 'failed', { timeout: 200_000 });
  await expect(event(page, third)).toContainText(`${soon.hours}:${soon.minutes} Blog`);
  await expect(event(page, third)).toContainText(/not allowed to create posts/i);
  await shot(page, 'calendar-month');

  // Drag the first post a day later: saved, and shown on its new day at the same Tokyo time.
  await showMonthOf(tomorrow);
  const dayAfter = tokyoParts(new Date(now + 2 * DAY)).date;
  await showMonthOf(dayAfter);
  await event(page, first).dragTo(dayCell(page, dayAfter));
  await expect(page.getByText('Rescheduled')).toBeVisible();
  await expect.poll(() => isOnDay(page, first, dayAfter)).toBe(true);
  const moved = (await (await request.get(`/api/schedule/${first}`, { headers })).json()) as {
    data: { PostedOn: string };
  };
  expect(tokyoParts(new Date(moved.data.PostedOn))).toEqual({ date: dayAfter, hours: '10', minutes: '00' });

  // A drop into the past is refused: the server's words in a toast, and the post goes back.
  const yesterday = tokyoParts(new Date(now - DAY)).date;
  const yesterdayCell = dayCell(page, yesterday);
  if ((await yesterdayCell.count()) === 1) {
    await event(page, second).dragTo(yesterdayCell);
    await expect(page.getByText('Pick a time in the future')).toBeVisible();
    await expect.poll(() => isOnDay(page, second, later)).toBe(true);
  }

  // Week and day views open at the current hour in Tokyo (the now line on screen), not at midnight.
  await page.getByRole('tab', { name: 'Week view' }).click();
  const hourNow = `${tokyoParts(new Date()).hours}:00:00`;
  const slotNow = page.locator(`[data-time="${hourNow}"]`).filter({ visible: true }).first();
  const midnight = page.locator('[data-time="00:00:00"]').filter({ visible: true }).first();
  await expect(slotNow).toBeInViewport();
  // Scrolled there: midnight is out of sight (unless now is just after it).
  if (Number(tokyoParts(new Date()).hours) >= 2) await expect(midnight).not.toBeInViewport();
  await shot(page, 'calendar-week');
  await page.getByRole('tab', { name: 'Day view' }).click();
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /\d{4}/ })).toBeVisible();
  await expect(slotNow).toBeInViewport();
  if (Number(tokyoParts(new Date()).hours) >= 2) await expect(midnight).not.toBeInViewport();
  await shot(page, 'calendar-day');
  await page.getByRole('tab', { name: 'Month view' }).click();
  await showMonthOf(soon.date);

  // The failed post opens with the keyboard: its reason, every attempt, and Retry.
  await event(page, third).locator('xpath=ancestor::*[@role="button" or self::a][1]').focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Scheduled post' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Not published')).toBeVisible();
  await expect(drawer.getByText(/not allowed to create posts/i).first()).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Publishing attempts' }).getByRole('row')).not.toHaveCount(
    1,
  );
  await expect(drawer.getByRole('link', { name: 'Open the content' })).toHaveAttribute(
    'href',
    `/website-content?post=${beans}`,
  );
  await page.screenshot({ path: test.info().outputPath('calendar-drawer.png') });
  await drawer.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('It will be published again now')).toBeVisible();
  // Published this time: a check, and a link to the post on WordPress.
  await expect(drawer.getByText('Published', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(drawer.getByRole('link', { name: 'View on the platform' })).toHaveAttribute('href', /\S/);
  await page.keyboard.press('Escape');
  await expect(event(page, third)).toHaveAttribute('data-status', 'published', { timeout: 60_000 });
  await shot(page, 'calendar-month-published');

  // Remove the second post from the calendar.
  await showMonthOf(later);
  await event(page, second).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove from the calendar?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Removed from the calendar')).toBeVisible();
  await expect(event(page, second)).toHaveCount(0);
});
