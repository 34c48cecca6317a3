import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SavedLinkedIn } from './routes/linkedin-world';
import type { SavedMeta } from './routes/meta-world';
import type { SavedStripe } from './routes/stripe-world';
import type { SavedWordpress } from './routes/wordpress-world';

/**
 * The sandbox's worlds on disk, so they survive a restart as the platforms' do: LinkedIn's members,
 * codes, tokens, images and posts; Meta's app, people, pages, Instagram accounts, tokens, posts and
 * containers; the WordPress sites with their users, media and posts; the Stripe account (its keys,
 * customers, sessions, subscriptions, invoices, endpoints, events and their deliveries); the id counter; and the port the
 * sandbox listened on (a connected WordPress site's address holds it).
 *
 * One JSON file, rewritten whole (a temporary file renamed over the old one: a reader or a crash sees
 * the old world or the new one, never half of one). Dates and bytes are tagged so they come back as
 * Date and Buffer. Faults and the usage counted in the last hour are not kept: they belong to a run.
 */
const VERSION = 1;
const FILE = 'world.json';

export type SavedSandbox = {
  version: number;
  /** Names these worlds, so a sandbox can tell that the one answering at its kept port keeps them already. */
  worldId?: string;
  lastId: number;
  port: number;
  linkedin: SavedLinkedIn;
  meta: SavedMeta;
  wordpress: SavedWordpress;
  /** Absent in worlds saved before the Stripe stand-in: a new account (with new keys) begins. */
  stripe?: SavedStripe;
};

function encode(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // `this[key]` is the value before its own toJSON (Date and Buffer have one) turned it into a string or array.
  const raw = this[key];
  if (raw instanceof Date) return { $date: raw.toISOString() };
  if (Buffer.isBuffer(raw)) return { $bytes: raw.toString('base64') };
  return value;
}

const decode = (_key: string, value: unknown): unknown => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as { $date?: unknown; $bytes?: unknown };
    if (typeof tagged.$date === 'string') return new Date(tagged.$date);
    if (typeof tagged.$bytes === 'string') return Buffer.from(tagged.$bytes, 'base64');
  }
  return value;
};

export type WorldFile = {
  path: string;
  /** The saved worlds, or null when there are none yet (or of an older format). */
  read: () => SavedSandbox | null;
  write: (world: Omit<SavedSandbox, 'version'>) => void;
};

export const worldFile = (dir: string): WorldFile => {
  const file = path.join(dir, FILE);
  return {
    path: file,
    read: () => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      let saved: SavedSandbox;
      try {
        saved = JSON.parse(text, decode) as SavedSandbox;
      } catch {
        // Not written by the sandbox (it only ever renames whole files in): kept aside, new worlds begin.
        renameSync(file, `${file}.unreadable-${Date.now()}`);
        return null;
      }
      return saved.version === VERSION ? saved : null;
    },
    write: (world) => {
      mkdirSync(dir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, JSON.stringify({ version: VERSION, ...world }, encode));
        renameSync(temporary, file);
      } catch (error) {
        // A full disk leaves no half-written temporary behind; the old world file stays whole.
        rmSync(temporary, { force: true });
        throw error;
      }
    },
  };
};

/**
 * Calls `save` once changes stop coming for `ms` (but at least every `maxMs` under a steady stream), so a
 * burst of calls costs one write; `close` writes a pending change at once. A save that fails
 * (a full disk) runs in a timer, where a throw would end the process: it is reported to `onError` and the
 * change stays pending, tried again after `maxMs`.
 */
export const debounced = (
  save: () => void,
  ms: number,
  { maxMs = ms * 8, onError }: { maxMs?: number; onError: (error: unknown) => void },
) => {
  let timer: NodeJS.Timeout | null = null;
  let firstPending = 0;
  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };
  function run() {
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      save();
      firstPending = 0;
    } catch (error) {
      onError(error);
      firstPending = Date.now();
      schedule(maxMs);
    }
  }
  return {
    changed: () => {
      const now = Date.now();
      if (!firstPending) firstPending = now;
      schedule(Math.max(0, Math.min(ms, firstPending + maxMs - now)));
    },
    /** Writes a pending change now, and stops: a save that fails here is reported, not tried again. */
    close: () => {
      const pending = timer !== null;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!pending) return;
      try {
        save();
      } catch (error) {
        onError(error);
      }
    },
  };
};
