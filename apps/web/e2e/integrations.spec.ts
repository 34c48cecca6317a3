import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { clip, facebookLogin, tile } from './support/integration-tiles';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

const WP_PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

test('a user connects LinkedIn (popup), Facebook, Instagram and WordPress in the sandbox, then unlinks LinkedIn', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await createAccount(request, {
    prefix: 'integrations',
    website: e2eEnv().siteUrl,
  });
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Reached from the account menu.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('Please add accounts for seamless posting.')).toBeVisible();
  const keys = [
    'instagram',
    'facebook',
    'twitter',
    'googleanalytics',
    'linkedin',
    'wordpress',
    'shopify',
    'googleads',
  ];
  const labels = [
    'Instagram',
    'Facebook',
    'Twitter',
    'GoogleAnalytics',
    'Linkedin',
    'Wordpress',
    'Shopify',
    'GoogleAds',
  ];
  for (const [index, key] of keys.entries()) await expect(tile(page, key)).toContainText(labels[index] ?? '');
  await expect(page.getByLabel('Connected', { exact: true })).toHaveCount(0);
  await shot(page, 'integrations-empty');

  // A tile without an integration says it is coming, and does nothing: no popup, no dialog, no message.
  for (const key of ['twitter', 'googleanalytics', 'shopify', 'googleads'])
    await expect(tile(page, key)).toContainText('Coming soon');
  await tile(page, 'twitter').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

  // LinkedIn: the 600x400 popup shows LinkedIn's consent page; Allow sends it back with a code, exchanged once.
  const linkedinPopup = page.waitForEvent('popup');
  await tile(page, 'linkedin').click();
  const popup = await linkedinPopup;
  await expect(popup.getByText('Sales Assist would like to:')).toBeVisible();
  await shot(popup, 'linkedin-consent');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Linkedin connected successfully')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(clip(page, 'linkedin')).toBeVisible();
  // The connected tile names the member, not only the clip.
  await expect(page.getByTestId('account-linkedin')).toHaveText('Ada Sandbox');

  await facebookLogin(page, 'facebook');
  await expect(page.getByText('Facebook successfully connected')).toBeVisible();
  await expect(clip(page, 'facebook')).toBeVisible();

  await facebookLogin(page, 'instagram');
  await expect(page.getByText('Instagram successfully connected')).toBeVisible();
  await expect(clip(page, 'instagram')).toBeVisible();

  // Already connected: an info message, no login.
  await tile(page, 'facebook').click();
  await expect(page.getByText('Facebook already connected')).toBeVisible();

  // WordPress: the dialog asks for every field, tells a wrong password, then connects the sandbox's demo site.
  // The demo site lives in the platform sandbox, beside the Facebook SDK stand-in the page loaded.
  const sdkUrl = await page.evaluate(() =>
    Array.from(document.scripts)
      .map((script) => script.src)
      .find((src) => src.endsWith('/facebook/sdk.js')),
  );
  expect(sdkUrl).toBeTruthy();
  const site = `${new URL(sdkUrl ?? '').origin}/wp/demo`;
  await tile(page, 'wordpress').click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wordpress' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Fill all the information')).toBeVisible();
  await dialog.getByLabel('Hostname').fill(site);
  await dialog.getByLabel('Username').fill('editor');
  await dialog.getByLabel('Application password').fill('wrong pass word');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  // WordPress answers every refused login alike: one message with what to check, the username first.
  await expect(
    page.getByText(
      /did not accept the login\. Check, in this order: that "editor" is your WordPress username.*not the password you log in with/,
    ),
  ).toBeVisible();
  await dialog.getByLabel('Application password').fill(WP_PASSWORD);
  await shot(page, 'integrations-wordpress-dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Wordpress integrated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(clip(page, 'wordpress')).toBeVisible();
  await expect(page.getByLabel('Connected', { exact: true })).toHaveCount(4);
  await shot(page, 'integrations-connected');

  // The flags survive a reload (they come from the server).
  await page.reload();
  await expect(page.getByLabel('Connected', { exact: true })).toHaveCount(4);

  // LinkedIn connected: the dialog shows the member, and unlinks.
  await tile(page, 'linkedin').click();
  const account = page.getByRole('dialog', { name: 'LinkedIn account' });
  await expect(account.getByTestId('linkedin-member-name')).toHaveText('Ada Sandbox');
  // The member's picture (the sandbox's, allowed by the page's content security policy).
  await expect(account.getByRole('img', { name: 'Ada Sandbox' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Add new Account' })).toBeVisible();
  await shot(page, 'integrations-linkedin-dialog');
  await account.getByRole('button', { name: 'Unlink Account' }).click();
  await expect(page.getByText('Unlinked Successfully!')).toBeVisible();
  await expect(clip(page, 'linkedin')).toHaveCount(0);
  await expect(page.getByLabel('Connected', { exact: true })).toHaveCount(3);
  await expect(page.getByTestId('account-linkedin')).toHaveCount(0);
  // The success alone: the member is not asked for once it is gone (its 404 used to toast beside it).
  await expect(page.getByText(/No LinkedIn account is connected/)).toHaveCount(0);
  await shot(page, 'integrations-unlinked');
});
