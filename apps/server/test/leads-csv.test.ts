import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvRecord, neutralizeFormula, safeCsvRecord } from '../src/modules/leads/csv/csv-format';
import { normalizeImageUrl, normalizeLinkedinUrl } from '../src/modules/leads/csv/linkedin-url';
import { detectDelimiter } from '../src/modules/leads/csv/read-csv';
import { RecordCounter } from '../src/modules/leads/csv/record-counter';
import { fixture, importFile, verifyFile } from './leads-support';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

describe('LinkedIn profile URLs', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['http://www.linkedin.com/in/jane-doe/', 'https://www.linkedin.com/in/jane-doe'],
    ['https://uk.linkedin.com/in/Jane-Doe', 'https://www.linkedin.com/in/jane-doe'],
    ['https://m.linkedin.com/in/jane-doe?trk=abc#top', 'https://www.linkedin.com/in/jane-doe'],
    ['linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['www.linkedin.com/in/jane-doe/en', 'https://www.linkedin.com/in/jane-doe'],
    ['//www.linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['  <https://www.linkedin.com/in/jane-doe>  ', 'https://www.linkedin.com/in/jane-doe'],
    ['https://www.linkedin.com/in/j%C3%B6rg-M%C3%BCller', 'https://www.linkedin.com/in/jörg-müller'],
    [
      'https://www.linkedin.com/in/ACoAABcdEFGhijKLMnop0123',
      'https://www.linkedin.com/in/ACoAABcdEFGhijKLMnop0123',
    ],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeLinkedinUrl(raw)).toBe(expected);
  });

  it.each([
    '',
    'jane-doe',
    'https://www.linkedin.com/company/acme',
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/sales/lead/ACwAAA',
    'https://linkedin.com.evil.test/in/jane',
    'https://evil-linkedin.com/in/jane',
    'ftp://www.linkedin.com/in/jane',
    'javascript:alert(1)',
    'https://www.linkedin.com/in/%E0%A4%A',
    'https://www.linkedin.com/in/a%20b',
  ])('%s is not a profile URL', (raw) => {
    expect(normalizeLinkedinUrl(raw)).toBeNull();
  });

  it('keeps only http(s) pictures', () => {
    expect(normalizeImageUrl('https://media.licdn.com/p.jpg')).toBe('https://media.licdn.com/p.jpg');
    expect(normalizeImageUrl('None')).toBeNull();
    expect(normalizeImageUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeImageUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(normalizeImageUrl('')).toBeNull();
  });
});

describe('CSV writing', () => {
  it('quotes per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' edge ')).toBe('" edge "');
    expect(csvRecord(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises a cell starting %j', (value) => {
    expect(neutralizeFormula(value)).toBe(`'${value}`);
  });

  it('leaves other cells alone and round-trips through a CSV parser', () => {
    expect(neutralizeFormula('Jane = boss')).toBe('Jane = boss');
    const fields = ['=HYPERLINK("http://x","y")', 'a,b', 'multi\r\nline', '"quoted"', ''];
    const [parsed] = parse(safeCsvRecord(fields)) as string[][];
    expect(parsed).toEqual(fields.map(neutralizeFormula));
  });
});

describe('CSV reading helpers', () => {
  it('detects the delimiter on the header line, outside quotes', () => {
    expect(detectDelimiter('Name,Headline,Linkedin URL\n')).toBe(',');
    expect(detectDelimiter('Name;Headline;Linkedin URL\r\na,b,c,d,e')).toBe(';');
    expect(detectDelimiter('Name\tHeadline\tLinkedin URL')).toBe('\t');
    expect(detectDelimiter('"a;b;c",d')).toBe(',');
    expect(detectDelimiter('Linkedin URL')).toBe(',');
  });

  it('counts records while the upload passes, quoted line breaks and blank lines aside', async () => {
    const counter = new RecordCounter();
    const text = 'Name,Headline\r\n"Jane","two\r\nlines"\r\n\r\n  \nBob,x';
    for await (const _ of Readable.from([Buffer.from(text.slice(0, 20)), Buffer.from(text.slice(20))]).pipe(
      counter,
    )) {
      // drain
    }
    expect(counter.records).toBe(3);
  });
});

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = (await seedUser(h)).accessToken;
});
afterAll(() => h.close());

type Lead = Record<string, unknown>;
const leadsOf = async (listId: number): Promise<Lead[]> =>
  (await h.call('GET', `/api/linkedinAI/leads_by_list?id=${listId}`, { token })).json<{ leads: Lead[] }>()
    .leads;

/** Imports a fixture into a new list and answers its leads (newest first: file order). */
const importFixture = async (name: string) => {
  const { listId, status } = await importFile(h, token, `fixture ${name}`, fixture(name));
  return { status, leads: await leadsOf(listId) };
};

describe('CSV files from the real world (test/fixtures/csv)', () => {
  it('sample-columns.csv: the sample columns, Source "CSV", "None" for no picture', async () => {
    expect((await verifyFile(h, token, fixture('sample-columns.csv'))).json()).toEqual({
      rows: 3,
      skipped: 0,
      duplicates: 0,
    });
    const { status, leads } = await importFixture('sample-columns.csv');
    expect(status).toMatchObject({
      status: 'Not in Campaign',
      processed: 3,
      total: 3,
      skipped: 0,
      imported: 3,
    });
    expect(leads[0]).toEqual({
      id: expect.any(Number),
      isSelected: false,
      'Profile Image URL': 'https://media.licdn.com/dms/image/jane.jpg',
      Name: 'Jane Doe',
      Headline: 'Head of Marketing at Acme Corp',
      Location: 'London, England, United Kingdom',
      Company: 'Acme Corp',
      'Connection Degree': '2nd',
      Source: 'CSV',
      'Linkedin URL': 'https://www.linkedin.com/in/jane-doe',
      email: null,
    });
    expect(leads.map((lead) => lead['Profile Image URL'])).toEqual([
      'https://media.licdn.com/dms/image/jane.jpg',
      'None',
      'None',
    ]);
    expect(leads[2]).toMatchObject({ Name: 'Ana Lima', Location: 'São Paulo', Company: 'Lima & Co' });
  });

  it('first-last-name.csv: First Name + Last Name, Title, Company Name, Profile URL', async () => {
    const { leads } = await importFixture('first-last-name.csv');
    expect(leads.map((lead) => [lead.Name, lead.Headline, lead.Company, lead['Linkedin URL']])).toEqual([
      ['Jane Doe', 'CMO', 'Acme', 'https://www.linkedin.com/in/jane-doe'],
      ['John', 'CTO', 'Globex', 'https://www.linkedin.com/in/john-x'],
      ['Solo', 'Engineer', 'Initech', 'https://www.linkedin.com/in/solo'],
    ]);
  });

  it('header-case-spacing.csv: any letter case and spacing in the header', async () => {
    const { leads } = await importFixture('header-case-spacing.csv');
    expect(leads[0]).toMatchObject({
      Name: 'Jane Doe',
      Headline: 'CMO',
      Company: 'Acme',
      Location: 'Paris',
      'Connection Degree': '1st',
    });
  });

  it('apollo-export.csv: Person Linkedin Url beside a company URL; City, State, Country make the location', async () => {
    const { leads } = await importFixture('apollo-export.csv');
    expect(leads.map((lead) => [lead.Name, lead.Location, lead['Linkedin URL']])).toEqual([
      ['Jane Doe', 'Austin, Texas, United States', 'https://www.linkedin.com/in/jane-doe'],
      ['John Smith', 'Germany', 'https://www.linkedin.com/in/john-smith'],
    ]);
  });

  it('linkedin-profile-position.csv: LinkedIn Profile, Position, Organisation, Degree', async () => {
    const { leads } = await importFixture('linkedin-profile-position.csv');
    expect(leads[0]).toMatchObject({
      Headline: 'Head of Growth',
      Company: 'Acme',
      'Connection Degree': '2nd',
      'Linkedin URL': 'https://www.linkedin.com/in/jane-doe',
    });
  });

  it('snake-case.csv: linkedin_url, full_name, job_title, company_name, city', async () => {
    const { leads } = await importFixture('snake-case.csv');
    expect(leads[0]).toMatchObject({ Name: 'Jane Doe', Headline: 'CMO', Company: 'Acme', Location: 'Lyon' });
  });

  it('url-column.csv: a column named just URL', async () => {
    const { leads } = await importFixture('url-column.csv');
    expect(leads[0]).toMatchObject({
      Name: 'Jane Doe',
      'Linkedin URL': 'https://www.linkedin.com/in/jane-doe',
    });
  });

  it('bom.csv: a UTF-8 byte order mark before the header', async () => {
    const { leads } = await importFixture('bom.csv');
    expect(leads[0]).toMatchObject({ Name: 'Jane Doe' });
  });

  it('semicolon.csv and tab-delimited.csv: the delimiter is detected', async () => {
    const semicolon = await importFixture('semicolon.csv');
    expect(semicolon.leads.map((lead) => [lead.Name, lead.Headline, lead.Location])).toEqual([
      ['Doe, Jane', 'CMO, Marketing', 'Paris, France'],
      ['Smith; John', 'CTO', 'Berlin'],
    ]);
    const tab = await importFixture('tab-delimited.csv');
    expect(tab.leads[0]).toMatchObject({ Name: 'Doe, Jane', Headline: 'CMO; Growth', Company: 'Acme' });
  });

  it('quoted-fields.csv: quoted commas, line breaks and quotes', async () => {
    const { leads } = await importFixture('quoted-fields.csv');
    expect(leads.map((lead) => [lead.Name, lead.Headline, lead.Company])).toEqual([
      ['Doe, Jane', 'Line one\nLine two', 'Acme "The Best" Corp'],
      ['Smith, John', 'CTO, "Globex"', 'Globex'],
    ]);
  });

  it('crlf.csv: CRLF line ends', async () => {
    const { status, leads } = await importFixture('crlf.csv');
    expect(status).toMatchObject({ total: 2, processed: 2, imported: 2 });
    expect(leads.map((lead) => lead.Name)).toEqual(['Jane Doe', 'John Smith']);
  });

  it('url-variants.csv: every spelling of a profile URL is normalised', async () => {
    const { leads } = await importFixture('url-variants.csv');
    expect(leads.map((lead) => lead['Linkedin URL'])).toEqual([
      'https://www.linkedin.com/in/plain',
      'https://www.linkedin.com/in/http-user',
      'https://www.linkedin.com/in/country-user',
      'https://www.linkedin.com/in/mobile-user',
      'https://www.linkedin.com/in/no-scheme',
      'https://www.linkedin.com/in/bare-domain',
      'https://www.linkedin.com/in/query-user',
      'https://www.linkedin.com/in/fragment-user',
      'https://www.linkedin.com/in/upper-case-user',
      'https://www.linkedin.com/in/jörg-müller-123',
      'https://www.linkedin.com/in/locale-user',
      'https://www.linkedin.com/in/ACoAABcdEFGhijKLMnopQRStuvWXyz0123456789',
    ]);
  });

  it('unusable-rows.csv: rows without a usable profile URL are skipped and counted', async () => {
    expect((await verifyFile(h, token, fixture('unusable-rows.csv'))).json()).toEqual({
      rows: 2,
      skipped: 7,
      duplicates: 0,
    });
    const { status, leads } = await importFixture('unusable-rows.csv');
    expect(status).toMatchObject({ processed: 9, total: 9, skipped: 7, imported: 2 });
    expect(leads.map((lead) => lead.Name)).toEqual(['Good', 'Good too']);
  });

  it('duplicates.csv: one lead per profile, the first row wins', async () => {
    expect((await verifyFile(h, token, fixture('duplicates.csv'))).json()).toEqual({
      rows: 2,
      skipped: 0,
      duplicates: 2,
    });
    const { status, leads } = await importFixture('duplicates.csv');
    expect(status).toMatchObject({ processed: 4, imported: 2 });
    expect(leads.map((lead) => lead.Name)).toEqual(['First spelling', 'Other person']);
  });

  it('blank-lines-ragged.csv: blank lines, short and long rows', async () => {
    expect((await verifyFile(h, token, fixture('blank-lines-ragged.csv'))).json()).toEqual({
      rows: 2,
      skipped: 2,
      duplicates: 0,
    });
    const { leads } = await importFixture('blank-lines-ragged.csv');
    expect(leads.map((lead) => lead.Name)).toEqual(['Jane Doe', 'Short Row']);
  });

  it('windows-1252.csv and utf16-tab.csv: Excel encodings are decoded', async () => {
    const latin = await importFixture('windows-1252.csv');
    expect(latin.leads.map((lead) => [lead.Name, lead.Company, lead.Location])).toEqual([
      ['Jörg Müller', 'Café Crème SARL', 'Zürich'],
      ['José Núñez', 'Niño & Co', 'Málaga'],
    ]);
    const utf16 = await importFixture('utf16-tab.csv');
    expect(utf16.leads[0]).toMatchObject({ Name: 'Jörg Müller', Company: 'Café' });
  });

  it('image-urls.csv: only http(s) pictures are kept, the rest answer "None"', async () => {
    const { leads } = await importFixture('image-urls.csv');
    expect(leads.map((lead) => lead['Profile Image URL'])).toEqual([
      'https://media.licdn.com/dms/image/pic.jpg',
      'None',
      'None',
      'None',
    ]);
  });

  it('formula-injection.csv: stored as written, neutralised on export', async () => {
    const { listId } = await importFile(h, token, 'formulas', fixture('formula-injection.csv'));
    const leads = await leadsOf(listId);
    expect(leads[0]).toMatchObject({
      Name: '=HYPERLINK("http://evil.test","Click")',
      Headline: '+1+2',
      Location: '-3+4',
      Company: '@SUM(A1:A2)',
    });
    const exported = await h.call('GET', `/api/linkedinAI/export_list?id=${listId}`, { token });
    const rows = parse(exported.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.Name, row.Headline, row.Location, row.Company])).toEqual([
      [`'=HYPERLINK("http://evil.test","Click")`, "'+1+2", "'-3+4", "'@SUM(A1:A2)"],
      ['Safe Name', "'=cmd|' /C calc'!A0", 'Paris', 'Acme'],
    ]);
  });

  it.each([
    ['empty.csv', 'The file is empty'],
    [
      'no-header.csv',
      'The file has no header row: its first row must name the columns, as in the sample CSV',
    ],
    [
      'no-url-column.csv',
      'No LinkedIn profile URL column found: name it "Linkedin URL", as in the sample CSV',
    ],
    ['header-only.csv', 'No row of the file has a usable LinkedIn profile URL'],
    ['no-usable-rows.csv', 'No row of the file has a usable LinkedIn profile URL'],
    ['broken-at-end.csv', 'The file is not a valid CSV: a quoted field is not closed (line 4)'],
  ])('%s is refused by verify_upload: %s', async (name, message) => {
    const response = await verifyFile(h, token, fixture(name));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_file', message });
  });

  it('not-csv.txt is refused by its name', async () => {
    const response = await verifyFile(h, token, fixture('not-csv.txt'), 'not-csv.txt');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message: 'Please select a csv file' });
  });
});
