import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

const CSV_FIXTURE = path.join(import.meta.dirname, 'fixtures/leads.csv');
const CSV_HEADER = 'Name,Headline,Location,Company,Connection Degree,Source,Linkedin URL,Profile Image URL';

const textOf = async (download: Download): Promise<string> =>
  (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');

const dataLines = (csv: string): string[] => csv.split(/\r?\n/).filter((line) => line !== '');

/** A second list made through the API, so the rename below can meet a name that is taken. */
const createListThroughApi = async (
  request: APIRequestContext,
  email: string,
  password: string,
  name: string,
) => {
  const login = await request.post('/api/loginv2', { data: { email, password, captcha_token: '' } });
  expect(login.status()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const saved = await request.post('/api/linkedinAI/save_leads', {
    headers: { Authorization: `Bearer ${access_token}` },
    multipart: {
      list: name,
      file: {
        name: 'other.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `${CSV_HEADER}\r\nOther Person,Tester,Paris,Acme,2nd,CSV,https://www.linkedin.com/in/other-person-e2e,None\r\n`,
        ),
      },
    },
  });
  expect(saved.status()).toBe(200);
};

const rowOf = (page: Page, listName: string) => page.getByRole('row').filter({ hasText: listName });

test('a CSV import fills a new list that can be exported, renamed and deleted', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'leads', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Sidebar: Outreach → Leads.
  await page.getByRole('button', { name: 'Outreach' }).click();
  await page.getByRole('link', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole('heading', { name: 'Outreach' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Leads Here' })).toBeVisible();
  await expect(page.getByText('You have no lists')).toBeVisible();

  // Import from CSV into a new list.
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  await expect(page.getByRole('tab', { name: 'From CSV' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Drag & Drop your File here or Click on Browse to Upload')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download a sample CSV' })).toHaveAttribute(
    'href',
    '/api/linkedinAI/sample_csv',
  );
  await page.locator('input[type="file"]').setInputFiles(CSV_FIXTURE);
  await expect(page.getByText('leads.csv')).toBeVisible();
  await expect(page.getByText('12 Lead(s) Import from csv file')).toBeVisible();

  // Remove goes back to no file; upload again.
  await page.getByRole('button', { name: 'Remove file' }).click();
  await expect(page.getByText('Drag & Drop your File here or Click on Browse to Upload')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(CSV_FIXTURE);
  await expect(page.getByText('12 Lead(s) Import from csv file')).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select a list')).toBeVisible();
  await page.getByPlaceholder('Enter a list name').fill('Pioneers');
  await page.getByPlaceholder('Enter a list name').press('Enter');
  await expect(page.getByText('Leads Uploaded')).toBeVisible();

  // Page 2: all leads.
  await expect(page.getByRole('heading', { name: 'Check Your Lead Database Here' })).toBeVisible();
  await expect(page.getByText('Import into "Pioneers" finished')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('Rows Per Page - 10');
  const ada = page.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await expect(ada.getByText('Head of Analytical Engines at ...')).toBeVisible();
  // The profile's address (the row's other link opens Prospect Research on the lead).
  const profile = ada.getByRole('link', { name: 'in/ada-lovelace-e2e' });
  await expect(ada.getByRole('link', { name: 'Research Ada Lovelace' })).toBeVisible();
  await expect(profile).toHaveAttribute('href', 'https://www.linkedin.com/in/ada-lovelace-e2e');
  await expect(profile).toHaveAttribute('target', '_blank');
  await expect(profile).toHaveAttribute('rel', /noopener/);

  // Selecting a lead: its box and the count above the table.
  await ada.getByRole('checkbox').click();
  await expect(ada.getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('1 selected')).toBeVisible();

  // Export CSV: the loaded page of leads.
  const pageExport = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const pageFile = await pageExport;
  expect(pageFile.suggestedFilename()).toBe('data.csv');
  const pageCsv = dataLines(await textOf(pageFile));
  expect(pageCsv[0]).toBe(`${CSV_HEADER},Email,Email Status,Email Confidence`);
  expect(pageCsv).toHaveLength(11);
  await expect(page.getByText('Results Exported')).toBeVisible();

  // The larger page size shows all twelve.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: 'Rows Per Page - 50' }).click();
  await expect(page.getByRole('row')).toHaveCount(13);

  // Back to the lists page.
  await page.getByRole('button', { name: 'Back to your lists' }).click();
  const pioneers = rowOf(page, 'Pioneers');
  await expect(pioneers.getByText('Not in Campaign')).toBeVisible();
  await expect(pioneers.getByRole('cell', { name: '12', exact: true })).toBeVisible();

  // Export to CSV from the row menu: every lead, formulas neutralised.
  await pioneers.getByRole('button', { name: 'Actions for Pioneers' }).click();
  const listExport = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export to CSV' }).click();
  const listFile = await listExport;
  expect(listFile.suggestedFilename()).toBe('data.csv');
  const csv = await textOf(listFile);
  const lines = dataLines(csv);
  expect(lines[0]).toBe(`${CSV_HEADER},Email,Email Status,Email Confidence`);
  expect(lines).toHaveLength(13);
  expect(csv).toContain('Ada Lovelace,Head of Analytical Engines at Difference Works | Mathematics');
  expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
  expect(csv).toContain("'+Structured programming");
  expect(csv).toContain("'@Inventor of the Web");
  expect(csv).not.toContain('No Profile Person');
  await expect(page.getByText('Results Exported')).toBeVisible();

  // Search (debounced) finds the list by part of its name.
  await page.getByPlaceholder('Search List').fill('pion');
  await expect(rowOf(page, 'Pioneers')).toBeVisible();
  await page.getByPlaceholder('Search List').fill('nothing like it');
  await expect(page.getByText('No lists match "nothing like it"')).toBeVisible();
  await page.getByPlaceholder('Search List').fill('');

  // Rename onto a taken name fails and restores the old name.
  await createListThroughApi(request, user.email, user.password, 'Taken name');
  await page.reload();
  await expect(rowOf(page, 'Taken name')).toBeVisible();
  await rowOf(page, 'Pioneers').getByRole('button', { name: 'Actions for Pioneers' }).click();
  await page.getByRole('menuitem', { name: 'Rename List' }).click();
  const nameField = page.getByRole('textbox', { name: 'New name for Pioneers' });
  await expect(nameField).toBeFocused();
  await nameField.fill('Taken name');
  await nameField.press('Enter');
  await expect(page.getByText("Can't Rename list")).toBeVisible();
  await expect(rowOf(page, 'Pioneers')).toBeVisible();

  // Rename with Enter.
  await rowOf(page, 'Pioneers').getByRole('button', { name: 'Actions for Pioneers' }).click();
  await page.getByRole('menuitem', { name: 'Rename List' }).click();
  await expect(nameField).toBeFocused();
  await nameField.fill('Computing pioneers');
  await nameField.press('Enter');
  await expect(page.getByText('List Renamed')).toBeVisible();
  await page.reload();
  await expect(rowOf(page, 'Computing pioneers')).toBeVisible();

  // Delete (after a confirmation).
  await rowOf(page, 'Computing pioneers')
    .getByRole('button', { name: 'Actions for Computing pioneers' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('List Deleted')).toBeVisible();
  await expect(rowOf(page, 'Computing pioneers')).toHaveCount(0);
  await expect(rowOf(page, 'Taken name')).toBeVisible();

  // Its leads went with it.
  await page.getByRole('button', { name: 'See All Leads' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Other Person' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test("LinkedIn's own Connections.csv imports, and a Sales Navigator row is skipped with the reason", async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'leads-export', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Outreach' }).click();
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  // As LinkedIn's "Get a copy of your data" writes it: notes before the header, CRLF line ends.
  const connections = [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing."',
    '',
    'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
    'Jörg,Müller,https://www.linkedin.com/in/joerg-mueller-e2e,,Café Crème GmbH,Head of Sales,05 Nov 2024',
    'Ana,Lima,https://www.linkedin.com/in/ana-lima-e2e,ana@example.com,"Lima, Souza & Filhos",Diretora,28 Oct 2024',
    'Sam,Navigator,https://www.linkedin.com/sales/lead/ACwAAB123,,Acme,CTO,01 Oct 2024',
    '',
  ].join('\r\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Connections.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(connections),
  });
  await expect(page.getByText('Connections.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByPlaceholder('Enter a list name').fill('My network');
  await page.getByPlaceholder('Enter a list name').press('Enter');
  await expect(page.getByText('Import into "My network" finished')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(/1 row with a Sales Navigator link was skipped: Sales Navigator links cannot be opened/),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Jörg Müller' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Café Crème GmbH' })).toBeVisible();
  await shot(page, 'leads-connections-notice');
});

test('a file that is not CSV is refused with the spec message', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'leads-bad', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'leads.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a csv'),
  });
  await expect(page.getByText('Please select a csv file')).toBeVisible();
  await expect(page.getByText('Lead(s) Import from csv file')).toHaveCount(0);
});

test('the list title is "CRM" until renamed, and the rename follows the account across pages and sign-ins', async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'crm', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'CRM', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Rename list title' }).click();
  await page.getByRole('textbox', { name: 'list title' }).fill('Escape cancels');
  await page.getByRole('textbox', { name: 'list title' }).press('Escape');
  await expect(page.getByRole('heading', { name: 'CRM', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Rename list title' }).click();
  await page.getByRole('textbox', { name: 'list title' }).fill('Northwind pipeline');
  await page.getByRole('textbox', { name: 'list title' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Northwind pipeline' })).toBeVisible();

  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { name: 'Northwind pipeline' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Northwind pipeline' })).toBeVisible();
});

test('at 1024 px the all-leads table scrolls sideways with a hint, and the pager shows five page numbers', async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'wide', website: e2eEnv().siteUrl });
  const rows = Array.from(
    { length: 75 },
    (_, i) =>
      `Person ${i},Headline ${i},Berlin,Company ${i},2nd,CSV,https://www.linkedin.com/in/wide-${i}-e2e,None`,
  );
  const login = await request.post('/api/loginv2', {
    data: { email: user.email, password: user.password, captcha_token: '' },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const saved = await request.post('/api/linkedinAI/save_leads', {
    headers: { Authorization: `Bearer ${access_token}` },
    multipart: {
      list: 'Wide',
      file: {
        name: 'wide.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([CSV_HEADER, ...rows].join('\r\n')),
      },
    },
  });
  expect(saved.status()).toBe(200);

  await page.setViewportSize({ width: 1024, height: 800 });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/leads');
  await expect(rowOf(page, 'Wide').getByText('75')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'See All Leads' }).click();
  await expect(page.getByText('Scroll sideways to see every column')).toBeVisible();
  const linkedinHeader = page.getByRole('columnheader', { name: 'Linkedin URL' });
  await expect(linkedinHeader).not.toBeInViewport();
  await linkedinHeader.scrollIntoViewIfNeeded();
  await expect(linkedinHeader).toBeInViewport();

  // 75 leads, 10 a page: 8 pages, five numbers at a time.
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('button', { name: /^\d+$/ })).toHaveText(['1', '2', '3', '4', '5']);
  await pages.getByRole('button', { name: 'Last page' }).click();
  await expect(pages.getByRole('button', { name: /^\d+$/ })).toHaveText(['4', '5', '6', '7', '8']);
  await pages.getByRole('button', { name: '6', exact: true }).click();
  await expect(pages.getByRole('button', { name: '6', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: /^\d+$/ })).toHaveText(['4', '5', '6', '7', '8']);
});
