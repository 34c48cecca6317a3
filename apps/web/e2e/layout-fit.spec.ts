import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CAMPAIGN_LEAD_STATUSES, type TCampaignLeadsResponse } from '@sales-assist/contract';
import { createAccount } from './support/api-account';
import { apiHeaders, readySocialPosts } from './support/content-seed';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { apiCampaign, csvList } from './support/outreach-seed';
import { shot } from './support/screenshot';

/** The narrowest width the app is made for, a common laptop and a wide one. */
const WIDTHS = [1024, 1280, 1440];
const LIST_NAME = 'Fit list';
const CAMPAIGN_NAME = 'Fit campaign for the autumn launch';

/** An account signed in to the LinkedIn sandbox, with a list of `leads` people from a CSV, ready for a campaign. */
const outreachAccount = async (request: APIRequestContext, prefix: string, leads: number) => {
  const user = await createAccount(request, { prefix, website: e2eEnv().siteUrl });
  const headers = await signInWithLinkedIn(request, user.email, user.password, `e2e-${prefix}-${Date.now()}`);
  const rows = Array.from(
    { length: leads },
    (_, index) =>
      `Person ${index},Founder at Globex,Austin,Globex,2nd,CSV,https://www.linkedin.com/in/fit-person-${index}-e2e,None`,
  );
  const listId = await csvList(request, headers, LIST_NAME, rows);
  return { ...user, headers, listId };
};

/** Short texts a person reads whole: badges, buttons, menu items, side navigation, headings, column heads. */
const ONE_LINE_TEXTS =
  '.mantine-Badge-label, .mantine-Button-label, .mantine-Menu-itemLabel, .mantine-NavLink-label, h1, h2, h3, h4, th';

/**
 * The texts inside `scope` that do not fit their box, so they end in "…" (or are clipped): their scroll
 * width passes their width. Hidden ones (another tab, a closed menu) are not read.
 */
const cutTexts = (scope: Locator): Promise<string[]> =>
  scope.evaluate((root, selector) => {
    const cut: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      if (element.getClientRects().length === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        cut.push(`"${element.textContent}" needs ${element.scrollWidth} px, has ${element.clientWidth} px`);
      }
    }
    return cut;
  }, ONE_LINE_TEXTS);

/**
 * The four longest lead statuses, put into the server's answer in place of the leads' own: a lead reaches
 * "Request Withdrawn" only 22 campaign days after the launch, and only with a sandbox person who never
 * accepts. The table's layout is what is measured; the rows are the server's.
 */
const LONGEST_STATUSES = [...CAMPAIGN_LEAD_STATUSES].sort((a, b) => b.length - a.length).slice(0, 4);

const showLongestStatuses = (page: Page) =>
  page.route('**/api/linkedinAI/get_campaign_leads?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as TCampaignLeadsResponse;
    body.result.forEach((lead, index) => {
      lead.Status = LONGEST_STATUSES[index % LONGEST_STATUSES.length] ?? lead.Status;
    });
    await route.fulfill({ response, json: body });
  });

test('nothing a user needs ends in "…" at 1024, 1280 and 1440 px: plan, menu, pricing, lead statuses', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await outreachAccount(request, 'layout-fit', LONGEST_STATUSES.length);
  await apiCampaign(request, user.headers, CAMPAIGN_NAME, user.listId);
  await showLongestStatuses(page);
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });

    // The dashboard's plan card and the header.
    await page.goto('/');
    await expect(page.getByText('Premium', { exact: true })).toBeVisible();
    expect(await cutTexts(page.locator('body'))).toEqual([]);
    // The website's name (the test site's) reads whole in its card: it wraps, if it must.
    const website = page.getByText('Acme Rockets', { exact: true });
    await expect(website).toBeVisible();
    expect(
      await website.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(1);
    await shot(page, `dashboard-${width}`);

    // The account menu: "Current Plan" (spec §2) and the whole address.
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Current Plan' })).toBeVisible();
    await expect(menu.getByText(user.email, { exact: true })).toBeVisible();
    expect(await cutTexts(menu)).toEqual([]);
    await shot(page, `account-menu-${width}`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Pricing: the current plan's card says so in full.
    await page.goto('/pricing');
    await expect(
      page.getByRole('region', { name: 'Premium plan' }).getByText('Current Plan', { exact: true }),
    ).toBeVisible();
    expect(await cutTexts(page.locator('body'))).toEqual([]);
    await shot(page, `pricing-${width}`);

    // The campaign's leads: the longest statuses whole, in their column.
    await page.goto('/campaigns');
    await page.getByRole('button', { name: `View Campaign ${CAMPAIGN_NAME}` }).click();
    const table = page.getByRole('table').filter({ hasText: 'Your Communication' });
    for (const status of LONGEST_STATUSES) {
      await expect(table.getByText(status, { exact: true })).toBeAttached();
    }
    await table.getByText(LONGEST_STATUSES[0] ?? '', { exact: true }).scrollIntoViewIfNeeded();
    expect(await cutTexts(page.getByRole('main'))).toEqual([]);
    await shot(page, `campaign-leads-${width}`);
  }
});

/** The page box of `locator` (it must be on screen). */
const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};

type TBox = { x: number; y: number; width: number; height: number };
const overlaps = (a: TBox, b: TBox): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('toasts show top right below the header, over none of its controls nor the LinkedIn badges', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await outreachAccount(request, 'layout-toast', 1);
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/leads');
    const sandbox = page.getByText('Sandbox mode — LinkedIn is simulated');
    const chip = page.getByText(/^LinkedIn: /);
    await expect(sandbox).toBeVisible();
    await expect(chip).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${LIST_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Export to CSV' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Results Exported' });
    await expect(toast).toBeVisible();
    // Where it settles (it slides in): two readings 200 ms apart agree.
    let placed = await boxOf(toast);
    await expect
      .poll(async () => {
        const before = placed;
        await page.waitForTimeout(200);
        placed = await boxOf(toast);
        return before.x === placed.x && before.y === placed.y;
      })
      .toBe(true);
    const viewport = page.viewportSize() ?? { width, height: 800 };
    await shot(page, `toast-${width}`);

    // Top right (spec §8)…
    expect(placed.x + placed.width).toBeGreaterThan(viewport.width - 40);
    expect(placed.y).toBeLessThan(viewport.height / 3);
    // …and over none of the header, the sandbox badge or the LinkedIn chip.
    for (const [name, covered] of [
      ['header', page.locator('header')],
      ['sandbox badge', sandbox],
      ['LinkedIn chip', chip],
    ] as const) {
      expect(overlaps(placed, await boxOf(covered)), `the toast covers the ${name}`).toBe(false);
    }
    await toast.getByRole('button').click();
    await expect(toast).toBeHidden();
  }
});

/**
 * How much of a picture shows, from its natural size, its box, its object-fit (centred) and the boxes
 * of the ancestors that clip it: 1 and 1 when the whole picture shows, and its drawn shape against its own.
 */
const shownShare = (picture: Locator) =>
  picture.evaluate((element) => {
    const img = element as HTMLImageElement;
    const box = img.getBoundingClientRect();
    const natural = { width: img.naturalWidth, height: img.naturalHeight };
    const fit = getComputedStyle(img).objectFit;
    const scaleOf = {
      cover: Math.max(box.width / natural.width, box.height / natural.height),
      contain: Math.min(box.width / natural.width, box.height / natural.height),
    };
    let drawn = { width: box.width, height: box.height };
    if (fit === 'cover' || fit === 'contain') {
      drawn = { width: natural.width * scaleOf[fit], height: natural.height * scaleOf[fit] };
    } else if (fit === 'none' || fit === 'scale-down') {
      const scale = fit === 'none' ? 1 : Math.min(1, scaleOf.contain);
      drawn = { width: natural.width * scale, height: natural.height * scale };
    }
    let shown = {
      left: box.left + (box.width - drawn.width) / 2,
      top: box.top + (box.height - drawn.height) / 2,
      right: box.left + (box.width + drawn.width) / 2,
      bottom: box.top + (box.height + drawn.height) / 2,
    };
    const clip = (rect: { left: number; top: number; right: number; bottom: number }) => {
      shown = {
        left: Math.max(shown.left, rect.left),
        top: Math.max(shown.top, rect.top),
        right: Math.min(shown.right, rect.right),
        bottom: Math.min(shown.bottom, rect.bottom),
      };
    };
    clip(box);
    for (let parent = img.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
        clip(parent.getBoundingClientRect());
    }
    return {
      width: Math.max(0, shown.right - shown.left) / drawn.width,
      height: Math.max(0, shown.bottom - shown.top) / drawn.height,
      shape: drawn.width / drawn.height / (natural.width / natural.height),
    };
  });

const expectWholePictures = async (pictures: Locator, what: string) => {
  const count = await pictures.count();
  expect(count, `no ${what}`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const picture = pictures.nth(index);
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const share = await shownShare(picture);
    expect(share.width, `${what} ${index}: width shown`).toBeGreaterThan(0.99);
    expect(share.height, `${what} ${index}: height shown`).toBeGreaterThan(0.99);
    expect(share.shape, `${what} ${index}: not stretched`).toBeCloseTo(1, 2);
  }
};

test('social pictures show whole, uncropped, in the All socials tiles, the previews and the theme samples', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createAccount(request, { prefix: 'layout-pictures', website: e2eEnv().siteUrl });
  const headers = await apiHeaders(request, user);
  const ids = await readySocialPosts(request, headers, 'Three habits that keep a launch on schedule', [
    'instagram',
    'facebook',
    'linkedin',
  ]);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/allsocials');
    await expect(page.getByTestId('social-picture')).toHaveCount(3, { timeout: 20_000 });
    await expectWholePictures(page.getByTestId('social-picture'), 'All socials tile');
    await shot(page, `allsocials-${width}`);

    await page.goto(`/socials/content?post=${ids[0]}`);
    await expect(page.getByTestId('social-picture').first()).toBeVisible({ timeout: 20_000 });
    await expectWholePictures(page.getByTestId('social-picture'), 'network preview');
    await shot(page, `socials-previews-${width}`);

    await page.goto('/socials/content');
    const samples = page.getByRole('radiogroup', { name: 'Theme' }).getByRole('img');
    await expect(samples.first()).toBeVisible({ timeout: 20_000 });
    await expectWholePictures(samples, 'theme sample');
    await shot(page, `socials-themes-${width}`);
  }
});
