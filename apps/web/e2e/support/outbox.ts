import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { e2eEnv } from './e2e-env';

type TMail = { to: string; subject: string; text: string; html: string; file: string };

/** Every mail the server wrote for `to`, oldest first (file names start with a timestamp). */
export const mailsTo = async (to: string): Promise<TMail[]> => {
  const dir = path.join(e2eEnv().dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails: TMail[] = [];
  for (const file of files.filter((name) => name.endsWith('.json')).sort()) {
    const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Omit<TMail, 'file'>;
    const recipients = Array.isArray(mail.to) ? mail.to.join(',') : String(mail.to);
    if (recipients.toLowerCase().includes(to.toLowerCase())) mails.push({ ...mail, file });
  }
  return mails;
};

/** Waits for mail number `index` (zero-based) to `to` and returns the 6-digit code in its text. */
export const codeFromMail = async (to: string, index: number): Promise<string> => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(to))[index];
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail #${index + 1} with a 6-digit code reached ${to}`);
};
