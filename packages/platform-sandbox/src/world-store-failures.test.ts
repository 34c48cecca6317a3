import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { debounced } from '@sales-assist/sandbox-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { worldFile } from './world-store';

const world = { lastId: 1, port: 1, linkedin: {}, meta: {}, wordpress: {} } as Parameters<
  ReturnType<typeof worldFile>['write']
>[0];

describe('a world file whose write fails', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'platform-sandbox-failing-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('throws and leaves no temporary file behind', () => {
    // A directory where the file should be: the rename over it fails, as a write to a full disk does.
    mkdirSync(path.join(dir, 'world.json'));
    expect(() => worldFile(dir).write(world)).toThrow();
    expect(readdirSync(dir)).toEqual(['world.json']);
  });
});

describe('a debounced save that fails (a full disk)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the failure instead of throwing from its timer, and tries again until it succeeds', () => {
    let fail = true;
    const saved: number[] = [];
    const errors: unknown[] = [];
    const save = () => {
      if (fail) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      saved.push(Date.now());
    };
    const saving = debounced(save, 100, { maxMs: 1_000, onError: (error) => errors.push(error) });
    saving.changed();
    expect(() => vi.advanceTimersByTime(100)).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(saved).toEqual([]);
    // Still pending: tried again after maxMs.
    vi.advanceTimersByTime(1_000);
    expect(errors).toHaveLength(2);
    fail = false;
    vi.advanceTimersByTime(1_000);
    expect(saved).toHaveLength(1);
    // Nothing pending any more.
    vi.advanceTimersByTime(10_000);
    expect(saved).toHaveLength(1);
    expect(errors).toHaveLength(2);
  });

  it('writes a pending change on close, and never again after it, even when that write fails', () => {
    const errors: unknown[] = [];
    let calls = 0;
    const saving = debounced(
      () => {
        calls += 1;
        throw new Error('ENOSPC');
      },
      100,
      { onError: (error) => errors.push(error) },
    );
    saving.changed();
    saving.close();
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(calls).toBe(1);
  });

  it('does not write on close when nothing changed', () => {
    let calls = 0;
    const saving = debounced(
      () => {
        calls += 1;
      },
      100,
      { onError: () => {} },
    );
    saving.close();
    expect(calls).toBe(0);
  });
});
