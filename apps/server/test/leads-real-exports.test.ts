import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, lists } from '../src/db/schema';
import { decideEncoding } from '../src/modules/leads/csv/file-encoding';
import { readCsvRecords } from '../src/modules/leads/csv/read-csv';
import { RecordCounter } from '../src/modules/leads/csv/record-counter';
import { importNotice } from '../src/modules/leads/import-notice';
import { csvText, fixture, importFile, saveFile, verifyFile } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

// Files as the real tools write them: LinkedIn's own Connections.csv, Excel's `sep=;` line, a
// Windows-1252 file whose first accent comes late, Sales Navigator links.

const SALES_NAVIGATOR_REFUSAL =
  "Sales Navigator links cannot be opened as public profiles: export the leads' public profile URLs (linkedin.com/in/…) instead";

let h: Harness;
let user: SeededUser;
beforeAll(async () => {
  h = await startHarness();
  user = await seedUser(h);
});
afterAll(() => h.close());

/** The list's leads in file order, as stored. */
const storedLeads = (listId: number) =>
  h.deps.db
    .select({
      name: leads.name,
      headline: leads.headline,
      company: leads.company,
      linkedinUrl: leads.linkedinUrl,
    })
    .from(leads)
    .where(eq(leads.listId, listId))
    .orderBy(sql`${leads.id} DESC`);

const records = async (bytes: Buffer | string): Promise<string[][]> => {
  const all: string[][] = [];
  for await (const record of readCsvRecords(Readable.from([Buffer.from(bytes)]))) all.push(record);
  return all;
};

const counted = async (bytes: Buffer | string): Promise<number> => {
  const counter = new RecordCounter();
  for await (const _ of Readable.from([Buffer.from(bytes)]).pipe(counter)) {
    // drain
  }
  return counter.records;
};

describe("LinkedIn's own Connections.csv (Get a copy of your data)", () => {
  it('finds the header under the "Notes:" lines and imports the connections', async () => {
    const file = fixture('linkedin-connections.csv');
    expect(file.subarray(0, 8).toString()).toBe('Notes:\r\n');
    expect((await verifyFile(h, user.accessToken, file)).json()).toEqual({
      rows: 4,
      skipped: 1,
      duplicates: 0,
    });
    const { listId, saved, status } = await importFile(h, user.accessToken, 'My connections', file);
    // The notes are not rows: the 5 data rows under the header (one without a URL) are.
    expect(saved.rows).toBe(5);
    expect(status).toEqual({
      status: 'Not in Campaign',
      processed: 5,
      total: 5,
      skipped: 1,
      imported: 4,
      message: '',
      notice: null,
    });
    expect(await storedLeads(listId)).toEqual([
      {
        name: 'Jörg Müller',
        headline: 'Head of Sales',
        company: 'Café Crème GmbH',
        linkedinUrl: 'https://www.linkedin.com/in/joerg-mueller-4a1b2c',
      },
      {
        name: 'Ana Lima',
        headline: 'Diretora Comercial',
        company: 'Lima, Souza & Filhos',
        linkedinUrl: 'https://www.linkedin.com/in/analima',
      },
      {
        name: 'José Núñez',
        headline: 'Founder, CEO',
        company: 'Niño & Co',
        linkedinUrl: 'https://www.linkedin.com/in/josé-núñez-8b7a6c5d',
      },
      {
        name: 'Chen Wei',
        headline: '',
        company: '',
        linkedinUrl: 'https://www.linkedin.com/in/chen-wei-0b1a2b3c',
      },
    ]);
  });

  it('the same file opened and saved again by Excel (Windows-1252, notes padded with commas) imports the same', async () => {
    const lines = fixture('linkedin-connections.csv').toString('utf8').split('\r\n');
    const resaved = lines.map((line, i) => (i < 3 && line !== '' ? `${line},,,,,,` : line)).join('\r\n');
    expect(resaved.startsWith('Notes:,,,,,,\r\n')).toBe(true);
    const { listId, saved, status } = await importFile(
      h,
      user.accessToken,
      'Connections via Excel',
      Buffer.from(resaved, 'latin1'),
    );
    expect(saved.rows).toBe(5);
    expect(status).toMatchObject({ imported: 4, skipped: 1, notice: null });
    expect((await storedLeads(listId)).map((lead) => [lead.name, lead.company])).toEqual([
      ['Jörg Müller', 'Café Crème GmbH'],
      ['Ana Lima', 'Lima, Souza & Filhos'],
      ['José Núñez', 'Niño & Co'],
      ['Chen Wei', ''],
    ]);
  });

  it('still names the missing column when the header under notes has no profile URL', async () => {
    const file = csvText(
      'Notes:',
      '"Some invitations were sent from https://www.linkedin.com/mynetwork/"',
      '',
      'From,To,Sent At,Message,Direction',
      'Ada Lovelace,Me,"11/5/24, 9:12 AM",,INCOMING',
    );
    const response = await verifyFile(h, user.accessToken, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'No LinkedIn profile URL column found: name it "Linkedin URL", as in the sample CSV',
    );
  });
});

describe("Excel's sep= first line", () => {
  it('excel-sep-semicolon.csv: the named delimiter is used and the line is not a row', async () => {
    const file = fixture('excel-sep-semicolon.csv');
    expect((await verifyFile(h, user.accessToken, file)).json()).toEqual({
      rows: 2,
      skipped: 0,
      duplicates: 0,
    });
    const { listId, saved, status } = await importFile(h, user.accessToken, 'Excel sep', file);
    expect(saved.rows).toBe(2);
    expect(status).toMatchObject({ processed: 2, total: 2, skipped: 0, imported: 2, notice: null });
    expect(await storedLeads(listId)).toEqual([
      {
        name: 'Jörg Müller',
        headline: 'Sales, DACH, Zürich',
        company: 'Café Crème',
        linkedinUrl: 'https://www.linkedin.com/in/joerg-mueller',
      },
      {
        name: 'Zoë Faure',
        headline: 'Marketing, FR, Paris',
        company: 'Société Générale',
        linkedinUrl: 'https://www.linkedin.com/in/zoe-faure',
      },
    ]);
  });

  it.each([
    ['sep=,', ','],
    ['sep=;', ';'],
    ['sep=\t', '\t'],
    ['sep=\\t', '\t'],
    ['\uFEFFsep=;', ';'],
  ])('%j names the delimiter, over what the header would suggest', async (line, delimiter) => {
    // The header alone would split on the other character: only the sep= line says which is meant.
    const other = delimiter === ',' ? ';' : ',';
    const header = ['Name', `Title${other} team${other} region`, 'Linkedin URL'].join(delimiter);
    const row = ['Ada', `CTO${other} R&D${other} EU`, 'https://www.linkedin.com/in/ada'].join(delimiter);
    const text = csvText(line, header, row);
    expect(await records(text)).toEqual([
      ['Name', `Title${other} team${other} region`, 'Linkedin URL'],
      ['Ada', `CTO${other} R&D${other} EU`, 'https://www.linkedin.com/in/ada'],
    ]);
    // The upload's row counter skips the line too, so save_leads answers the rows that import.
    expect(await counted(text)).toBe(2);
  });

  it('a sep= line in a UTF-16 file is skipped by the reader and the row counter alike', async () => {
    const text = `\uFEFF${csvText('sep=;', 'Name;Linkedin URL', 'Zoë;https://www.linkedin.com/in/zoe')}`;
    const utf16 = Buffer.from(text, 'utf16le');
    expect(await records(utf16)).toEqual([
      ['Name', 'Linkedin URL'],
      ['Zoë', 'https://www.linkedin.com/in/zoe'],
    ]);
    expect(await counted(utf16)).toBe(2);
  });
});

describe('the encoding is decided on the whole file', () => {
  /** 1,500 rows in Windows-1252; the first accented letter comes after 64 KiB, in row 1,214. */
  const lateAccentFile = (): Buffer => {
    const lines = ['Name,Headline,Linkedin URL,Company'];
    for (let i = 1; i <= 1500; i++) {
      const n = String(i).padStart(4, '0');
      lines.push(
        i <= 1213
          ? `Person ${n},Sales Manager at Example Corporation,https://www.linkedin.com/in/person-${n},Example Corporation`
          : `José Müller ${n},Directeur Général,https://www.linkedin.com/in/person-${n},Société Générale`,
      );
    }
    return Buffer.from(csvText(...lines), 'latin1');
  };

  it('a Windows-1252 file whose first accent comes late is read as Windows-1252, every row of it', async () => {
    const file = lateAccentFile();
    expect(file.findIndex((byte) => byte >= 0x80)).toBeGreaterThan(64 * 1024);
    const { listId, status } = await importFile(h, user.accessToken, 'Late accents', file);
    expect(status).toMatchObject({ processed: 1500, total: 1500, imported: 1500, notice: null });
    const stored = await storedLeads(listId);
    expect(stored.filter((lead) => /[\uFFFD]/.test(lead.name + lead.headline + lead.company))).toEqual([]);
    const accented = stored.filter((lead) => lead.name.startsWith('José Müller'));
    expect(accented).toHaveLength(287);
    expect(accented[0]).toEqual({
      name: 'José Müller 1214',
      headline: 'Directeur Général',
      company: 'Société Générale',
      linkedinUrl: 'https://www.linkedin.com/in/person-1214',
    });
  });

  it('rows with bytes the encoding cannot read are counted and told, never silently stored as �', async () => {
    // A UTF-8 file (its byte order mark says so) with a Windows-1252 "é" pasted into 12 of its 30 rows.
    const parts: Buffer[] = [Buffer.from('\uFEFFName,Company,Linkedin URL\r\n')];
    for (let i = 1; i <= 30; i++) {
      const company = i % 2 === 0 && i <= 24 ? Buffer.from([0x43, 0x61, 0x66, 0xe9]) : Buffer.from('Café');
      parts.push(
        Buffer.from(`Person ${i},`),
        company,
        Buffer.from(`,https://www.linkedin.com/in/p-${i}\r\n`),
      );
    }
    const { listId, status } = await importFile(
      h,
      user.accessToken,
      'Unreadable bytes',
      Buffer.concat(parts),
    );
    expect(status).toMatchObject({
      imported: 30,
      notice: "12 rows had characters that could not be read in the file's encoding; they are shown as �.",
    });
    const stored = await storedLeads(listId);
    expect(stored.filter((lead) => lead.company === 'Caf\uFFFD')).toHaveLength(12);
    expect(stored.filter((lead) => lead.company === 'Café')).toHaveLength(18);
  });

  it('decides by byte order mark, else by every byte, in chunks of any size', async () => {
    const decide = (bytes: Buffer, chunkSize: number) =>
      decideEncoding(
        Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
          bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
        ),
      );
    const ascii = Buffer.alloc(100_000, 'a');
    expect(await decide(Buffer.from([0xff, 0xfe, 0x41, 0x00]), 1)).toBe('utf-16le');
    expect(await decide(Buffer.from([0xfe, 0xff, 0x00, 0x41]), 1)).toBe('utf-16be');
    expect(await decide(Buffer.from([0xef, 0xbb, 0xbf, 0xe9, 0x41]), 1)).toBe('utf-8');
    // "é" in UTF-8 split across two chunks is still UTF-8 …
    expect(await decide(Buffer.concat([ascii, Buffer.from('é')]), 100_001)).toBe('utf-8');
    // … and one byte that is not UTF-8 at the very end makes the whole file Windows-1252.
    expect(await decide(Buffer.concat([ascii, Buffer.from([0xe9, 0x0d, 0x0a])]), 65_536)).toBe(
      'windows-1252',
    );
    expect(await decide(Buffer.from(''), 1)).toBe('utf-8');
  });

  it('tells one row in the singular', () => {
    expect(importNotice({ unreadable: 1, salesNavigator: 0 })).toBe(
      "1 row had characters that could not be read in the file's encoding; it is shown as �.",
    );
    expect(importNotice({ unreadable: 0, salesNavigator: 0 })).toBeNull();
  });
});

describe('Sales Navigator lead links', () => {
  const salesNavigatorOnly = csvText(
    'Name,Linkedin URL',
    'Ada,"https://www.linkedin.com/sales/lead/ACwAAAB1xYzAbCdEfGhIjKlMnOpQrStUvWxYz,NAME_SEARCH,a1B2"',
    'Bob,"https://www.linkedin.com/sales/people/ACwAAAB2xYzAbCdEfGhIjKlMnOpQrStUvWxYz,NAME_SEARCH,c3D4"',
    'Cy,linkedin.com/sales/lead/ACwAAAB3xYzAbCdEfGhIjKlMnOpQrStUvWxYz',
  );

  it('a file of only Sales Navigator links is refused with why and what to do', async () => {
    const verified = await verifyFile(h, user.accessToken, salesNavigatorOnly);
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toEqual({ error: 'invalid_file', message: SALES_NAVIGATOR_REFUSAL });
    const saved = await saveFile(h, user.accessToken, 'Sales Nav only', salesNavigatorOnly);
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual({ error: 'invalid_file', message: SALES_NAVIGATOR_REFUSAL });
    const made = await h.deps.db
      .select()
      .from(lists)
      .where(and(eq(lists.userId, user.user.id), eq(lists.name, 'Sales Nav only')));
    expect(made).toEqual([]);
  });

  it('rows with Sales Navigator links among others are skipped, and the notice says how many and why', async () => {
    const file = csvText(
      'Name,Linkedin URL',
      'Good one,https://www.linkedin.com/in/good-one',
      'Nav one,"https://www.linkedin.com/sales/lead/ACwAAAB1xYzAbCdEfGhIjKlMnOpQrStUvWxYz,NAME_SEARCH,a1B2"',
      'No URL,',
      'Nav two,https://www.linkedin.com/sales/people/ACwAAAB2xYzAbCdEfGhIjKlMnOpQrStUvWxYz',
      'Good two,https://www.linkedin.com/in/good-two',
    );
    const { listId, status } = await importFile(h, user.accessToken, 'Some Sales Nav', file);
    expect(status).toMatchObject({
      processed: 5,
      skipped: 3,
      imported: 2,
      notice:
        "2 rows with a Sales Navigator link were skipped: Sales Navigator links cannot be opened as public profiles. Export the leads' public profile URLs (linkedin.com/in/…) instead.",
    });
    expect((await storedLeads(listId)).map((lead) => lead.name)).toEqual(['Good one', 'Good two']);
  });
});
