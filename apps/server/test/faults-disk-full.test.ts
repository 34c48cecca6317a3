import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../src/lib/clients/storage';
import { DISK_FULL_MESSAGE, type DiskSpace, systemDiskSpace } from '../src/lib/core/faults/disk-space';
import { saveFile } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { inputFixture, uploadImage } from './support/inputs-support';

const MB = 1024 * 1024;
const csv = (rows: number) =>
  `Name,Linkedin URL\n${Array.from({ length: rows }, (_, i) => `Jane Doe ${i},https://www.linkedin.com/in/jane-doe-${i}\n`).join('')}`;

/** Files left anywhere under a folder (the temporary-file folders included). */
const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

const listNames = async (h: Harness, user: SeededUser): Promise<string[]> =>
  (await h.call('GET', '/api/linkedinAI/fetch_all_lists', { token: user.accessToken }))
    .json<{ lists: { name: string }[] }>()
    .lists.map((list) => list.name);

const diskFull = { error: 'disk_full', message: DISK_FULL_MESSAGE };

describe('a disk with 3 MB free (the free space injected)', () => {
  let h: Harness;
  let user: SeededUser;
  const threeMbFree: DiskSpace = { freeBytes: async () => 3 * MB };
  beforeAll(async () => {
    h = await startHarness({ deps: { disk: threeMbFree } });
    user = await seedUser(h);
  });
  afterAll(() => h.close());

  it('refuses a CSV import with 507 and a plain sentence, before writing: no file, no list', async () => {
    const answer = await saveFile(h, user.accessToken, 'Full disk', csv(50));
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toEqual(diskFull);
    expect(await filesUnder(path.join(h.config.dataDir, 'imports'))).toEqual([]);
    expect(await listNames(h, user)).not.toContain('Full disk');
  });

  it('refuses an image upload with 507: nothing stored, no input', async () => {
    const answer = await uploadImage(h, user.accessToken, 'logo.png', inputFixture('logo.png'));
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toEqual(diskFull);
    expect(await filesUnder(path.join(h.config.dataDir, 'files'))).toEqual([]);
    const inputs = await h.call('GET', '/api/inputs?kind=image', { token: user.accessToken });
    expect(inputs.json<{ inputs: unknown[] }>().inputs).toEqual([]);
  });
});

describe('a write that fails with ENOSPC (a storage writing to /dev/full)', () => {
  let h: Harness;
  let user: SeededUser;
  /** The real local storage, whose every write goes through /dev/full first: a real ENOSPC from the kernel. */
  const fullStorage = (root: string): Storage => {
    const local = createLocalStorage(root);
    return {
      ...local,
      put: async (key, body, contentType) => {
        await writeFile('/dev/full', body instanceof Uint8Array ? body : Buffer.alloc(1));
        await local.put(key, body, contentType);
      },
    };
  };
  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sales-assist-full-'));
    h = await startHarness({ deps: { storage: fullStorage(root) } });
    user = await seedUser(h);
    return () => rmSync(root, { recursive: true, force: true });
  });
  afterAll(() => h.close());

  it('answers 507 with the sentence, never 500 "Something went wrong", and saves no input', async () => {
    const answer = await uploadImage(h, user.accessToken, 'photo.jpg', inputFixture('photo.jpg'));
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toEqual(diskFull);
    const inputs = await h.call('GET', '/api/inputs?kind=image', { token: user.accessToken });
    expect(inputs.json<{ inputs: unknown[] }>().inputs).toEqual([]);
  });
});

/** A real small file system for DATA_DIR, when this process may mount one (root in a container that allows it). */
const mountTinyDisk = (): { dir: string | null; reason: string } => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sales-assist-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, reason: '' };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return {
      dir: null,
      reason: `mount -t tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`,
    };
  }
};
const tiny = mountTinyDisk();

describe.skipIf(tiny.dir === null)(`DATA_DIR on a 4 MB tmpfs ${tiny.reason}`, () => {
  let h: Harness;
  let user: SeededUser;
  /** The real statfs, or "plenty of room" to let a write run into the full disk itself. */
  let pretendRoom = false;
  const disk: DiskSpace = {
    freeBytes: (dir) => (pretendRoom ? Promise.resolve(1024 * MB) : systemDiskSpace.freeBytes(dir)),
  };
  const dataDir = tiny.dir ?? '';
  beforeAll(async () => {
    h = await startHarness({ env: { DATA_DIR: dataDir }, deps: { disk } });
    user = await seedUser(h);
  });
  afterAll(async () => {
    await h.close();
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('statfs sees the small disk and the import is refused with 507 before a byte is written', async () => {
    pretendRoom = false;
    expect(await systemDiskSpace.freeBytes(path.join(dataDir, 'not-made-yet'))).toBeLessThan(5 * MB);
    const answer = await saveFile(h, user.accessToken, 'Small disk', csv(50));
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toEqual(diskFull);
    expect(await filesUnder(path.join(dataDir, 'imports'))).toEqual([]);
  });

  it('a CSV that fills the disk mid-write (a real ENOSPC) answers 507 and leaves no half-written file', async () => {
    pretendRoom = true;
    const answer = await saveFile(h, user.accessToken, 'Filled disk', csv(120_000));
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toEqual(diskFull);
    expect(await filesUnder(path.join(dataDir, 'imports'))).toEqual([]);
    expect(await listNames(h, user)).not.toContain('Filled disk');
  });

  it('an image that fills the disk mid-write answers 507 and leaves no temporary file', async () => {
    pretendRoom = true;
    const filler = path.join(dataDir, 'filler');
    // Leaves less room than the picture needs.
    const free = await systemDiskSpace.freeBytes(dataDir);
    await writeFile(filler, Buffer.alloc(Math.max(0, free - 4096)));
    try {
      const answer = await uploadImage(h, user.accessToken, 'photo.jpg', inputFixture('photo.jpg'));
      expect(answer.statusCode).toBe(507);
      expect(answer.json()).toEqual(diskFull);
      expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([]);
    } finally {
      rmSync(filler, { force: true });
    }
  });
});
