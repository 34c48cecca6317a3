import type { Db } from './db/open-database';
import type { Config } from './env';
import type { AccessTokens } from './lib/access-tokens';
import type { CaptchaCheck } from './lib/captcha';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { SafeFetch } from './lib/safe-fetch';
import type { Vault } from './lib/vault';

/** Everything a use case may need from outside itself; tests build their own. */
export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  captcha: CaptchaCheck;
  tokens: AccessTokens;
  vault: Vault;
  safeFetch: SafeFetch;
};
