import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import type { NoticeRow } from '../../db/schema';
import { notices } from '../../db/schema';
import { escapeHtml } from '../../lib/core/escape-html';

export type NewNotice = Pick<NoticeRow, 'kind' | 'title' | 'body' | 'link'>;

/** Puts a notice in the user's bell, in the caller's transaction when it has one. */
export const insertNotice = async (
  db: DbOrTx,
  userId: string,
  notice: NewNotice,
  at: Date,
): Promise<void> => {
  await db.insert(notices).values({ userId, ...notice, createdAt: at });
};

/** Sends a notice to the user's address (after the change it tells of has committed). */
export const mailNotice = async (
  deps: Pick<AppDeps, 'config' | 'mailer'>,
  user: { email: string },
  notice: NewNotice,
): Promise<void> => {
  const link = notice.link ? `${deps.config.appOrigin}${notice.link}` : deps.config.appOrigin;
  await deps.mailer.send({
    to: user.email,
    subject: notice.title,
    text: `${notice.body}\n\n${link}`,
    html: `<p>${escapeHtml(notice.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  });
};

/** Tells a user something in the app (the bell); `email: true` also sends it to their address. */
export const notify = async (
  deps: AppDeps,
  user: { id: string; email: string },
  notice: NewNotice,
  options: { email: boolean },
): Promise<void> => {
  await insertNotice(deps.db, user.id, notice, deps.clock.now());
  if (options.email) await mailNotice(deps, user, notice);
};
