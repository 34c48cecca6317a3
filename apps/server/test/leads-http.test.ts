import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let user: SeededUser;
let base: string;
beforeAll(async () => {
  h = await startHarness();
  user = await seedUser(h);
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

/** Over a real socket: a refused upload must answer at once, not wait for (or hang on) the rest of the body. */
const post = async (url: string, parts: Parameters<typeof multipart>[0]) => {
  const { payload, contentType } = multipart(parts);
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': contentType },
    body: payload,
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('uploads over HTTP', () => {
  const big = (header: string) =>
    `${header}\n${'Jane Doe,https://www.linkedin.com/in/jane-doe\n'.repeat(200_000)}`;

  it('a large file refused on its header answers 400', async () => {
    const answer = await post('/api/linkedinAI/verify_upload', [
      { name: 'file', filename: 'a.csv', content: big('Jane Doe,https://www.linkedin.com/in/x') },
    ]);
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid_file', message: expect.stringMatching(/^The file has no header row/) },
    });
  });

  it('a large file refused on its name answers 400, and the connection serves the next call', async () => {
    const answer = await post('/api/linkedinAI/save_leads', [
      { name: 'file', filename: 'a.xls', content: big('Name,Linkedin URL') },
      { name: 'list', value: 'x' },
    ]);
    expect(answer).toEqual({
      status: 400,
      body: { error: 'validation_error', message: 'Please select a csv file' },
    });
    const next = await post('/api/linkedinAI/verify_upload', [
      { name: 'file', filename: 'a.csv', content: big('Name,Linkedin URL') },
    ]);
    expect(next).toEqual({ status: 200, body: { rows: 1, skipped: 0, duplicates: 199_999 } });
  });

  it('a file over 50 MB answers 413', async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024 + 10, 'Jane Doe,https://www.linkedin.com/in/jane-doe\n');
    const answer = await post('/api/linkedinAI/save_leads', [
      { name: 'list', value: 'x' },
      { name: 'file', filename: 'a.csv', content: Buffer.concat([Buffer.from('Name,Linkedin URL\n'), huge]) },
    ]);
    expect(answer).toMatchObject({ status: 413, body: { error: 'too_large' } });
  });
});
