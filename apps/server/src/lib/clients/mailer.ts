import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadOnce } from '../core/load-once';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };
type Log = { info: (obj: object, msg: string) => void };

/** nodemailer is loaded with the first mail sent, and only with SMTP_URL (load-once.ts). */
const loadNodemailer = loadOnce(async () => (await import('nodemailer')).default);

/** Real mail through SMTP. */
export const smtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = loadOnce(async () => (await loadNodemailer()).createTransport(smtpUrl));
  return {
    send: async (mail) => {
      await (await transport()).sendMail({ from, ...mail });
    },
  };
};

/**
 * Development and tests: each mail becomes one JSON file in the outbox, so it can be read back.
 * The log names the file, never the body (codes are secrets).
 */
export const outboxMailer = (outboxDir: string, log: Log): Mailer => ({
  send: async (mail) => {
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${Date.now()}-${randomUUID()}.json`);
    await writeFile(file, JSON.stringify(mail, null, 2), { mode: 0o600 });
    log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
  },
});
