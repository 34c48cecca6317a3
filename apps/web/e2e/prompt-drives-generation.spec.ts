import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn, logOut } from './support/journeys';
import { shot } from './support/screenshot';

type TAdminPrompt = { id: number; name: string; version: number };

const CALL_TO_ACTION = 'Book a free pipeline review with our team.';

/**
 * Prompts are data: an admin's edit reaches the very next generation. The journeys run without a model,
 * so the offline writer shows it through a directive it follows ("Call to action: …"); with a model the
 * same text is what the model is sent. The prompt is restored afterwards, so other journeys see the
 * built-in text.
 */
test("an admin's edit to the LinkedIn prompt is used by the next LinkedIn post a user writes", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { adminEmail, adminPassword, siteUrl } = e2eEnv();
  const adminLogin = await request.post('/api/loginv2', {
    data: { email: adminEmail, password: adminPassword, captcha_token: '' },
  });
  const adminHeaders = {
    Authorization: `Bearer ${((await adminLogin.json()) as { access_token: string }).access_token}`,
  };
  const prompts = (await (await request.get('/api/admin/prompts', { headers: adminHeaders })).json()) as {
    prompts: TAdminPrompt[];
  };
  const builtIn = prompts.prompts.find((prompt) => prompt.name === 'LinkedIn post');
  expect(builtIn).toBeDefined();
  const { id, version: firstVersion } = builtIn as TAdminPrompt;

  try {
    await logIn(page, adminEmail, adminPassword);
    await page.getByRole('link', { name: 'Prompts Management', exact: true }).click();
    await page.getByRole('button', { name: 'Edit LinkedIn post', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit prompt' });
    await drawer.getByRole('textbox', { name: 'Prompt text' }).focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(`\nCall to action: ${CALL_TO_ACTION}`);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    await shot(page, 'prompt-edited-for-linkedin');
    await logOut(page);

    const { email, password } = await createAccount(request, { prefix: 'prompt-user', website: siteUrl });
    await logIn(page, email, password);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/linkedin');
    await page.getByRole('textbox', { name: 'Topic' }).fill('Why follow-ups win meetings');
    await page.getByRole('button', { name: 'Write posts' }).click();
    const card = page.getByTestId('variant-card').first();
    await expect(card).toContainText(CALL_TO_ACTION, { timeout: 30_000 });
    await shot(page, 'linkedin-post-with-admin-cta');
    // Only a kept variant is saved, and so found in History.
    await card.getByRole('button', { name: 'Keep' }).click();
    await expect(card.getByRole('button', { name: 'Kept' })).toBeDisabled();

    // History names the prompt and the version that wrote it.
    await page.goto('/history');
    await expect(page.getByText(`Prompt: LinkedIn post (v${firstVersion + 1})`).first()).toBeVisible();
  } finally {
    const current = (await (await request.get('/api/admin/prompts', { headers: adminHeaders })).json()) as {
      prompts: TAdminPrompt[];
    };
    const now = current.prompts.find((prompt) => prompt.id === id);
    if (now && now.version !== firstVersion) {
      const restored = await request.post(`/api/admin/prompts/${id}/restore`, {
        headers: adminHeaders,
        data: { from_version: firstVersion, version: now.version },
      });
      expect(restored.status()).toBe(200);
    }
  }
});
