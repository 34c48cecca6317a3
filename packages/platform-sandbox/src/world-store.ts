import { keptJson } from '@sales-assist/sandbox-kit';
import type { SavedLinkedIn } from './routes/linkedin/world';
import type { SavedMeta } from './routes/meta/world';
import type { SavedStripe } from './routes/stripe/records';
import type { SavedWordpress } from './routes/wordpress/world';

/**
 * The sandbox's worlds on disk, so they survive a restart as the platforms' do: LinkedIn's members,
 * codes, tokens, images and posts; Meta's app, people, pages, Instagram accounts, tokens, posts and
 * containers; the WordPress sites with their users, media and posts; the Stripe account (its keys,
 * customers, sessions, subscriptions, invoices, endpoints, events and their deliveries); the id counter; and the port the
 * sandbox listened on (a connected WordPress site's address holds it).
 *
 * One JSON file, rewritten whole by the sandbox kit (keptJson). Dates and bytes are tagged so they come
 * back as Date and Buffer. Faults and the usage counted in the last hour are not kept: they belong to a run.
 */
const VERSION = 1;

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
  const file = keptJson(dir);
  return {
    path: file.path,
    read: () => {
      const saved = file.read(decode)?.value as SavedSandbox | undefined;
      return saved?.version === VERSION ? saved : null;
    },
    write: (world) => file.write(JSON.stringify({ version: VERSION, ...world }, encode)),
  };
};
