/** How long a client should wait before asking again while the database reconnects. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable while its database reconnects; try again in a few seconds.';

/**
 * PostgreSQL's codes for "no session to the database": connection exceptions (class 08), the server shut
 * down or restarting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), out of
 * connection slots (53300).
 */
const UNREACHABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** The socket to the database failed (node's codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres's and pg-pool's own words for a connection that ended or never came. */
const LOST_CONNECTION =
  /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

type Link = { code?: unknown; message?: unknown; syscall?: unknown; name?: unknown; cause?: unknown };

const linksOf = (error: unknown): Link[] => {
  const links: Link[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && links.length < 5) {
    links.push(current as Link);
    current = (current as Link).cause;
  }
  return links;
};

/**
 * Whether a failure means the database cannot be reached right now (PostgreSQL stopped, restarting, or
 * refusing this database's connections), as opposed to a statement that failed. Socket codes count only
 * on a database call (drizzle's DrizzleQueryError, or pg-pool's own connect, which node reports with
 * syscall `connect`): a failed fetch to another service carries the same codes inside "fetch failed".
 */
export const isDatabaseUnreachable = (error: unknown): boolean => {
  const links = linksOf(error);
  if (links.some((link) => link.name === 'TypeError' && link.message === 'fetch failed')) return false;
  const onDatabaseCall =
    links.some((link) => link.name === 'DrizzleQueryError') || links[0]?.syscall === 'connect';
  return links.some((link) => {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNREACHABLE_SQLSTATES.has(code)) return true;
    // ALTER DATABASE … ALLOW_CONNECTIONS false, or a database being dropped or renamed.
    if (code === '55000' && message.includes('not currently accepting connections')) return true;
    if (LOST_CONNECTION.test(message)) return true;
    return SOCKET_CODES.has(code) && onDatabaseCall;
  });
};
