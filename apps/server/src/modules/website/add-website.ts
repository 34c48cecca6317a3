import type { TAddWebsiteResponse } from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { UNSET_COMPANY_NAME, type UserRow, users, websites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hitThrottle, type ThrottleRule } from '../../lib/security/throttle';
import { keepEditedFields } from './brand/keep-edited-fields';
import { storeLogo } from './brand/store-logo';
import { readSite } from './read-site';

/** Each call makes this server fetch a page on the user's behalf: bounded, so it cannot be used as a scanner. */
export const ADD_WEBSITE_THROTTLE: ThrottleRule = {
  name: 'add-website:account',
  limit: 20,
  windowSeconds: 60 * 60,
};

/** Kept here for the modules that read one page of a site the same way (keywords, ads). */
export { readHomePage } from './read-site';

/**
 * Reads the signed-in user's website (the home page and the pages its navigation links to) and keeps its name, description, keywords and headings, its
 * readable text and the brand profile drawn from it. Adding the same site again refreshes the
 * profile but keeps the fields the user edited. The profile and the user's website fields change
 * together or not at all. The brand's look (colours, and the logo kept in storage as a PNG) is read again
 * each time.
 */
export const addWebsite = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'safeFetch' | 'callers' | 'storage'>,
  caller: UserRow,
  input: { email?: string | undefined; websiteUrl: string },
): Promise<TAddWebsiteResponse> => {
  if (input.email !== undefined && input.email.toLowerCase() !== caller.email.toLowerCase()) {
    throw new AppError(400, 'email_mismatch', 'The email address does not match the signed-in account.');
  }
  await hitThrottle(deps.db, deps.clock, ADD_WEBSITE_THROTTLE, caller.id);

  const { finalUrl, profile, logo } = await readSite(deps.safeFetch, input.websiteUrl);
  // Kept before the row names it: a row never points at a file not yet written.
  const look = {
    colors: profile.look.colors,
    logo: logo ? await storeLogo(deps.storage, caller.id, logo) : null,
  };
  const now = deps.clock.now();
  const scanned = {
    url: input.websiteUrl,
    finalUrl,
    name: profile.name,
    description: profile.description,
    keywords: profile.keywords,
    headings: profile.headings,
    fetchedAt: now,
    company: profile.company,
    offer: profile.offer,
    audience: profile.audience,
    tone: profile.tone,
    keyPhrases: profile.keyPhrases,
    readableText: profile.readableText,
    look,
  };

  const replacedLogo = await deps.db.transaction(async (tx) => {
    // Locked, so an edit saved while the site is read is not lost to this write (nor this one to it).
    const [earlier] = await tx.select().from(websites).where(eq(websites.userId, caller.id)).for('update');
    const row = keepEditedFields(scanned, earlier);
    await tx
      .insert(websites)
      .values({ userId: caller.id, ...row })
      .onConflictDoUpdate({ target: websites.userId, set: row });
    await tx
      .update(users)
      .set({
        websiteCheck: true,
        websiteUrl: input.websiteUrl,
        websiteName: profile.name,
        // The site names the company: it becomes the account's company name until the user sets one.
        ...(profile.company
          ? {
              companyName: sql`case when ${users.companyName} = ${UNSET_COMPANY_NAME} then ${profile.company} else ${users.companyName} end`,
            }
          : {}),
        updatedAt: now,
      })
      .where(eq(users.id, caller.id));
    const before = earlier?.look.logo?.storageKey;
    return before && before !== look.logo?.storageKey ? before : null;
  });
  // The logo the site had before is no longer named by any row (each user's logos are their own).
  if (replacedLogo) await deps.storage.delete(replacedLogo).catch(() => undefined);
  // The cached caller holds the old row (the database tells other processes; this one is told here).
  deps.callers.forgetUser(caller.id);

  return { website_name: profile.name, message: 'Website Added' };
};
