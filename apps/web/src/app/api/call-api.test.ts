import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CALLS } from '@sales-assist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, pathOf } from './call-api';

const SRC = path.resolve(import.meta.dirname, '../..');

/** The app's own source files (not its tests). */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('the web app calls the API by the contract', () => {
  it('writes no path of a call in its own source: each comes from the contract (CALLS)', () => {
    // A path handed to one of the API client's readers, or any of the spec's /linkedinAI/ calls (screens'
    // own routes, such as /schedule, share some API paths' spelling and are not calls).
    const written =
      /\b(?:api|fetchApiBlob|postForApiBlob|openStream|useApiPicture)\(\s*(['`])\/|(['`])\/linkedinAI\//g;
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(written)) found.push(`${path.relative(SRC, file)}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('fills a path parameter in, encoded, and names a missing one', () => {
    expect(pathOf(CALLS.getBlog, { id: 7 })).toBe('/blogs/7');
    expect(pathOf(CALLS.getAdminCsvSample, { kind: 'a/b c' })).toBe('/admin/upload-csv/a%2Fb%20c/sample');
    expect(() => pathOf(CALLS.getBlog, {})).toThrow('the parameter id is missing');
  });
});

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the call's method to its path and reads the answer with its schema", async () => {
    const fetch = vi.fn(async () => Response.json({ message: 'Renamed' }));
    vi.stubGlobal('fetch', fetch);
    await expect(callApi(CALLS.renameList, { body: { id: 3, new_name: 'Q3' } })).resolves.toEqual({
      message: 'Renamed',
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/linkedinAI/rename_list',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ id: 3, new_name: 'Q3' }) }),
    );
  });

  it('refuses a file answer: those are read as files, not JSON', () => {
    expect(() => callApi(CALLS.exportList, { query: { id: 1 } })).toThrow('answers file');
  });
});
