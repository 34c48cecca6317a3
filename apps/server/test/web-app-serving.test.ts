import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness';

/**
 * The built web app as the server sends it: a small build of its own (index.html, a hashed chunk with its
 * .br and .gz copies as the web build writes them, a file without copies), not the real build.
 */
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const ENTRY_JS = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let h: Harness;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'sales-assist-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const files: [string, string][] = [
    ['index.html', INDEX_HTML],
    ['assets/index-Ab12Cd34.js', ENTRY_JS],
  ];
  for (const [name, text] of files) {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dist, 'favicon.svg'), FAVICON);
  h = await startHarness({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await h?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  h.call('GET', url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends a hashed chunk brotli-compressed to a browser that takes brotli, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY_JS);
    expect(res.rawPayload.length).toBeLessThan(ENTRY_JS.length / 5);
  });

  it('sends the gzip copy to a browser that takes gzip only, and the file itself to one that takes neither', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY_JS);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A shared cache must not hand this uncompressed answer to a browser that asked for brotli.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ENTRY_JS);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has index.html revalidated on every visit, compressed, so a new build is seen at once', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers index.html for a client-side route (no-cache too), compressed when accepted', async () => {
    for (const url of ['/campaigns/123/leads?tab=all', '/loginpage']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    }
    const plain = await get('/settings');
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('sends a file the build did not compress as it is, revalidated (its name carries no hash)', async () => {
    const res = await get('/favicon.svg', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(FAVICON);
  });

  it('answers JSON 404 for an unknown API call and for a chunk this build does not have', async () => {
    const api = await get('/api/no-such-call', 'gzip, br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'not_found', message: 'No such call: GET /api/no-such-call' });

    // An old build's chunk name must not get index.html, which a browser would then keep for a year.
    const chunk = await get('/assets/index-Old00000.js', 'gzip, br');
    expect(chunk.statusCode).toBe(404);
    expect(chunk.headers['content-type']).toMatch(/^application\/json/);
    expect(chunk.json()).toMatchObject({ error: 'not_found' });

    // The compressed copies are picked by Accept-Encoding, not served as files of their own.
    expect((await get('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
  });
});
