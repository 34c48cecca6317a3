import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { leads, lists } from '../src/db/schema';
import type { Harness } from './support/harness';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'csv');

export const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
export const multipart = (parts: Part[]): { payload: Buffer; contentType: string } => {
  const boundary = `----sales-assist-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'text/csv'}\r\n\r\n`,
        ),
        Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

export const postForm = (
  h: Harness,
  url: string,
  token: string,
  parts: Part[],
): Promise<LightMyRequestResponse> => {
  const { payload, contentType } = multipart(parts);
  return h.call('POST', url, { token, body: payload, headers: { 'content-type': contentType } });
};

export const verifyFile = (h: Harness, token: string, content: Buffer | string, filename = 'leads.csv') =>
  postForm(h, '/api/linkedinAI/verify_upload', token, [{ name: 'file', filename, content }]);

export const saveFile = (
  h: Harness,
  token: string,
  list: string,
  content: Buffer | string,
  filename = 'leads.csv',
) =>
  postForm(h, '/api/linkedinAI/save_leads', token, [
    { name: 'file', filename, content },
    { name: 'list', value: list },
  ]);

export type ImportStatus = {
  status: string;
  processed: number;
  total: number;
  skipped: number;
  imported: number;
  message: string;
  notice: string | null;
};

/** Polls import_status until the import has ended (bounded: fails the test rather than hanging). */
export const waitForImport = async (
  h: Harness,
  token: string,
  listId: number,
  timeoutMs = 60_000,
): Promise<ImportStatus> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await h.call('GET', `/api/linkedinAI/import_status?list_id=${listId}`, { token });
    expect(response.statusCode).toBe(200);
    const status = response.json<ImportStatus>();
    if (status.status !== 'Importing...') return status;
    if (Date.now() > deadline)
      throw new Error(`import of list ${listId} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Uploads a file into a list and waits for the import to end. */
export const importFile = async (h: Harness, token: string, list: string, content: Buffer | string) => {
  const saved = await saveFile(h, token, list, content);
  expect(saved.statusCode, saved.body).toBe(200);
  const { list_id: listId } = saved.json<{ list_id: number }>();
  return {
    listId,
    saved: saved.json<{ message: string; rows: number }>(),
    status: await waitForImport(h, token, listId),
  };
};

/** A list with `count` leads, written straight to the database (fast set-up for paging and isolation). */
export const seedList = async (
  h: Harness,
  userId: string,
  options: {
    name?: string;
    count?: number;
    status?: 'ready' | 'in_campaign' | 'error' | 'importing';
    message?: string;
  } = {},
) => {
  const count = options.count ?? 0;
  const [list] = await h.deps.db
    .insert(lists)
    .values({
      userId,
      name: options.name ?? `List ${randomBytes(4).toString('hex')}`,
      status: options.status ?? 'ready',
      message: options.message ?? '',
      leadCount: count,
    })
    .returning();
  if (!list) throw new Error('seedList: no list');
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    listId: list.id,
    name: `Person ${i + 1}`,
    headline: `Headline ${i + 1}`,
    location: 'Paris',
    company: 'Acme',
    connectionDegree: '2nd',
    source: 'CSV',
    linkedinUrl: `https://www.linkedin.com/in/person-${list.id}-${i + 1}`,
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await h.deps.db.insert(leads).values(rows.slice(start, start + 1000));
  }
  return list;
};

/** Lines of a CSV file, written with CRLF like a spreadsheet saves it. */
export const csvText = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;
