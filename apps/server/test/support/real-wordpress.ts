import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

/**
 * A real WordPress for the tests: Debian's `wordpress` package (read-only, in /usr/share/wordpress) served
 * by PHP's built-in web server from a private document root, on its own MariaDB server with a private data
 * directory, both in a temporary directory that stop() removes. One per test file: it starts in a few
 * seconds (see startRealWordpress).
 *
 * The document root holds copies of WordPress's top-level PHP files (so ABSPATH, and with it wp-config.php,
 * is ours) and links to its wp-includes, wp-admin, themes and plugins; wp-content/mu-plugins holds the
 * test plugin that can stall answers (fixtures/wordpress/stall-after-save.php).
 */

const execFileAsync = promisify(execFile);
const WORDPRESS = '/usr/share/wordpress';
const FIXTURES = path.join(import.meta.dirname, '../fixtures/wordpress');
const PHP = '/usr/bin/php';
const MARIADBD = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((file) => existsSync(file));

/** Why the real WordPress cannot run on this machine (null: it can). CI installs the packages (.ci/run). */
export const realWordpressMissing = (): string | null => {
  const missing = [
    existsSync(`${WORDPRESS}/wp-settings.php`) ? null : 'wordpress',
    MARIADBD ? null : 'mariadb-server',
    existsSync(PHP) ? null : 'php-cli',
  ].filter(Boolean);
  return missing.length
    ? `the real WordPress tests need Debian's ${missing.join(', ')} (apt-get install wordpress mariadb-server php-cli php-mysql)`
    : null;
};

export type RealWordpressRole = 'administrator' | 'editor' | 'author' | 'contributor';

export type RealWordpressUser = {
  id: number;
  login: string;
  /** The password the person logs in to wp-admin with (WordPress refuses it on the REST API). */
  loginPassword: string;
  /** An application password, as WordPress shows it once (groups of four). */
  applicationPassword: string;
  applicationPasswordUuid: string;
};

/** A post as WordPress stored it (raw columns, local and GMT dates as WordPress writes them). */
export type StoredPost = {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  status: string;
  date: string;
  dateGmt: string;
  authorId: number;
};

export type RealWordpress = {
  /** The site's address, e.g. http://127.0.0.1:41234 (what a user types as the host). */
  url: string;
  /** host:port, for SAFE_FETCH_ALLOWLIST (the SSRF-safe fetch refuses loopback otherwise). */
  host: string;
  users: Record<RealWordpressRole, RealWordpressUser>;
  /** Runs PHP inside the site (WordPress loaded); `args` is $args; answers what the code returns. */
  php: <T>(code: string, args?: unknown) => Promise<T>;
  /** Settings → General → Timezone (a city, e.g. "America/Los_Angeles"). */
  setTimezone: (zone: string) => Promise<void>;
  /** The next `count` posts made through the REST API are stored, then their answer waits `seconds`. */
  stallNextPosts: (count: number, seconds: number) => Promise<void>;
  /** Every post (any status but trash) whose content holds `text`, oldest first. */
  postsHolding: (text: string) => Promise<StoredPost[]>;
  /** Deletes the user's application passwords (Users → Profile → Revoke). */
  revokeApplicationPasswords: (role: RealWordpressRole) => Promise<void>;
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `ready` holds; throws with what the process wrote (its log) when it ended first (a port
 * taken meanwhile, a broken package) or after `ms`.
 */
const waitFor = async (
  what: string,
  child: ChildProcess,
  ready: () => Promise<boolean>,
  log: () => Promise<string>,
  ms: number,
) => {
  const until = Date.now() + ms;
  while (!(await ready())) {
    const ended = child.exitCode !== null || child.signalCode !== null;
    if (ended || Date.now() > until)
      throw new Error(
        `${what} did not start${ended ? '' : ` within ${ms} ms`}:\n${(await log()).slice(-3000)}`,
      );
    await sleep(50);
  }
};

/** Starts a process in its own group (PHP's server forks workers), so stop() can end all of it at once. */
const startProcess = (command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = {}) => {
  const out = openSync(logFile, 'a');
  try {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...env },
    });
    // A failed spawn shows as a process that ended: waitFor reports it with the log.
    child.on('error', () => undefined);
    return child;
  } finally {
    closeSync(out);
  }
};

const endGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};

const exited = (child: ChildProcess, ms: number) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(true)
    : Promise.race([
        new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))),
        sleep(ms).then(() => false),
      ]);

const wpConfig = `<?php
// The test site's configuration (made by test/support/real-wordpress.ts).
require_once __DIR__ . '/wp-config-db.php';
$table_prefix = 'wp_';
// Application passwords need HTTPS or a "local" site (wp_is_application_passwords_supported).
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('AUTH_KEY', 'test'); define('SECURE_AUTH_KEY', 'test'); define('LOGGED_IN_KEY', 'test'); define('NONCE_KEY', 'test');
define('AUTH_SALT', 'test'); define('SECURE_AUTH_SALT', 'test'); define('LOGGED_IN_SALT', 'test'); define('NONCE_SALT', 'test');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`;

const dbConfig = (socket: string) => `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_SOCKET', ${JSON.stringify(socket)});
define('DB_HOST', ${JSON.stringify(`localhost:${socket}`)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
`;

/** The document root: our wp-config and copies of the entry files, WordPress's own code linked. */
const makeDocumentRoot = async (root: string, socket: string) => {
  await mkdir(path.join(root, 'wp-content/mu-plugins'), { recursive: true });
  await mkdir(path.join(root, 'wp-content/uploads'), { recursive: true });
  const entries = (await readdir(WORDPRESS)).filter(
    (file) => file.endsWith('.php') && file !== 'wp-config.php',
  );
  await Promise.all([
    ...entries.map((file) => copyFile(path.join(WORDPRESS, file), path.join(root, file))),
    symlink(`${WORDPRESS}/wp-includes`, path.join(root, 'wp-includes')),
    symlink(`${WORDPRESS}/wp-admin`, path.join(root, 'wp-admin')),
    symlink(`${WORDPRESS}/wp-content/themes`, path.join(root, 'wp-content/themes')),
    symlink(`${WORDPRESS}/wp-content/plugins`, path.join(root, 'wp-content/plugins')),
    copyFile(
      path.join(FIXTURES, 'stall-after-save.php'),
      path.join(root, 'wp-content/mu-plugins/stall-after-save.php'),
    ),
    writeFile(path.join(root, 'wp-config.php'), wpConfig),
    writeFile(path.join(root, 'wp-config-db.php'), dbConfig(socket)),
  ]);
};

/**
 * Starts MariaDB and PHP's server side by side, installs WordPress (wp_install from the command line),
 * with an Editor, an Author and a Contributor (and the Administrator), each with an application password.
 * Cold start measured on the development machine (2 cores shared with other tests): 1.6 to 4 s.
 */
export const startRealWordpress = async (): Promise<RealWordpress> => {
  const missing = realWordpressMissing();
  if (missing || !MARIADBD) throw new Error(`Cannot start a real WordPress: ${missing}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'sa-wp-'));
  const dataDir = path.join(dir, 'db');
  const root = path.join(dir, 'root');
  const socket = path.join(dir, 'mysql.sock');
  const dbLog = path.join(dir, 'mariadb.log');
  const phpLog = path.join(dir, 'php.log');
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children) endGroup(child, 'SIGKILL');
  };
  // A test run that ends without afterAll must not leave servers behind: on exit, and, should this
  // process be killed outright, a watchdog shell that ends both servers and removes the directory.
  process.once('exit', killAll);
  const watchdog = () =>
    spawn(
      'sh',
      [
        '-c',
        // Ends when stop() removed the directory (all done), or when the test process is gone or a zombie
        // (a container's first process may never reap it).
        'while [ -d "$1" ] && awk \'/^State:/ { exit ($2 == "Z") }\' "/proc/$0/status" 2>/dev/null; do sleep 2; done; [ -d "$1" ] || exit 0; dir="$1"; shift; for group in "$@"; do kill -s KILL -- "-$group" 2>/dev/null; done; rm -rf "$dir"',
        String(process.pid),
        dir,
        ...children.map((child) => String(child.pid)),
      ],
      { detached: true, stdio: 'ignore' },
    ).unref();

  const stop = async () => {
    process.off('exit', killAll);
    for (const child of children) endGroup(child, 'SIGTERM');
    for (const child of children) if (!(await exited(child, 5_000))) endGroup(child, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await mkdir(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const readLog = (file: string) => () => readFile(file, 'utf8').catch(() => '');
    const mariadb = startProcess(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--socket=${socket}`,
        `--pid-file=${path.join(dir, 'mariadb.pid')}`,
        '--skip-networking',
        // Nobody but this test reaches the socket: no privilege tables to install (mariadb-install-db).
        '--skip-grant-tables',
        '--innodb-buffer-pool-size=16M',
        '--innodb-log-file-size=8M',
        '--innodb-data-file-path=ibdata1:4M:autoextend',
        '--innodb-temp-data-file-path=ibtmp1:4M:autoextend',
        '--innodb-doublewrite=0',
        '--innodb-flush-log-at-trx-commit=0',
        '--skip-log-bin',
        '--character-set-server=utf8mb4',
        ...(process.getuid?.() === 0 ? ['--user=root'] : []),
      ],
      dbLog,
    );
    children.push(mariadb);
    await makeDocumentRoot(root, socket);
    const php = startProcess(
      PHP,
      ['-S', `127.0.0.1:${port}`, '-t', root, path.join(FIXTURES, 'router.php')],
      phpLog,
      // Several workers: a stalled answer must not hold up the read-back that follows it.
      { PHP_CLI_SERVER_WORKERS: '4' },
    );
    children.push(php);
    watchdog();
    await waitFor(
      'MariaDB',
      mariadb,
      async () => (await readLog(dbLog)()).includes('ready for connections'),
      readLog(dbLog),
      30_000,
    );
    const { stdout } = await execFileAsync(PHP, [path.join(FIXTURES, 'setup.php'), root, url]).catch(
      (error: Error & { stderr?: string }) => {
        throw new Error(`WordPress did not install: ${error.message}\n${error.stderr ?? ''}`);
      },
    );
    const { users } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      users: Record<RealWordpressRole, RealWordpressUser>;
    };
    await waitFor(
      "PHP's web server",
      php,
      async () => {
        try {
          return (await fetch(`${url}/wp-json/`, { signal: AbortSignal.timeout(2_000) })).ok;
        } catch {
          return false;
        }
      },
      readLog(phpLog),
      30_000,
    );

    const phpIn = async <T>(code: string, args?: unknown): Promise<T> => {
      const { stdout: out } = await execFileAsync(PHP, [
        path.join(FIXTURES, 'run-php.php'),
        root,
        url,
        code,
        JSON.stringify(args ?? null),
      ]);
      return JSON.parse(out.trim().split('\n').at(-1) ?? 'null') as T;
    };

    return {
      url,
      host: `127.0.0.1:${port}`,
      users,
      php: phpIn,
      setTimezone: async (zone) => {
        await phpIn(
          "update_option('timezone_string', $args); update_option('gmt_offset', ''); return true;",
          zone,
        );
      },
      stallNextPosts: async (count, seconds) => {
        await phpIn(
          "update_option('sa_test_stall_posts', $args[0]); update_option('sa_test_stall_seconds', $args[1]); return true;",
          [count, seconds],
        );
      },
      postsHolding: (text) =>
        phpIn<StoredPost[]>(
          `global $wpdb;
          $rows = $wpdb->get_results($wpdb->prepare(
            "SELECT ID, post_title, post_content, post_excerpt, post_status, post_date, post_date_gmt, post_author
             FROM {$wpdb->posts} WHERE post_type = 'post' AND post_status <> 'trash' AND post_content LIKE %s ORDER BY ID",
            '%' . $wpdb->esc_like($args) . '%'));
          return array_map(fn ($r) => ['id' => (int) $r->ID, 'title' => $r->post_title, 'content' => $r->post_content,
            'excerpt' => $r->post_excerpt, 'status' => $r->post_status, 'date' => $r->post_date,
            'dateGmt' => $r->post_date_gmt, 'authorId' => (int) $r->post_author], $rows);`,
          text,
        ),
      revokeApplicationPasswords: async (role) => {
        await phpIn(
          'return WP_Application_Passwords::delete_all_application_passwords($args);',
          users[role].id,
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
