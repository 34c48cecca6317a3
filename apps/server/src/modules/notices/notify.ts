import type { AppDeps } from '../../app-deps';
import type { NoticeRow } from '../../db/schema';
import { notices } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';

export type NewNotice = Pick<NoticeRow, 'kind' | 'title' | 'body' | 'link'>;

/** Tells a user something in the app (the bell); `email: true` also sends it to their address. */
export const notify = async (
  deps: AppDeps,
  user: { id: string; email: string },
  notice: NewNotice,
  options: { email: boolean },
): Promise<void> => {
  await deps.db.insert(notices).values({ userId: user.id, ...notice, createdAt: deps.clock.now() });
  if (!options.email) return;
  const link = notice.link ? `${deps.config.appOrigin}${notice.link}` : deps.config.appOrigin;
  await deps.mailer.send({
    to: user.email,
    subject: notice.title,
    text: `${notice.body}\n\n${link}`,
    html: `<p>${escapeHtml(notice.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  });
};
