import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { websites } from '../../db/schema';
import { notFound } from '../../http/errors';
import { readStoredBytes } from '../../lib/clients/storage';

export const NO_LOGO = 'No logo was found on your website';

/** The signed-in user's logo as kept from their site (a PNG); 404 when their site gave none. */
export const readBrandLogo = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
): Promise<{ png: Buffer }> => {
  const [row] = await deps.db
    .select({ look: websites.look })
    .from(websites)
    .where(eq(websites.userId, userId));
  const logo = row?.look.logo;
  const png = logo ? await readStoredBytes(deps.storage, logo.storageKey) : null;
  if (!logo || !png) throw notFound(NO_LOGO);
  return { png };
};
