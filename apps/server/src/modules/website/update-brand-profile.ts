import type { TBrandField, TBrandProfileResponse, TUpdateBrandProfile } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type WebsiteRow, websites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { BRAND_FIELD_COLUMNS } from './brand/keep-edited-fields';
import { cleanText } from './brand/plain-text';
import { loadBrandProfileState } from './brand-profile';
import { brandProfileView } from './brand-profile-view';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The user corrects their brand profile. Only the fields whose value changes are marked edited, so
 * a later scan of the site refreshes the rest. Without a website there is no profile to edit yet:
 * 409 no_website (the company name lives on the account, PUT /api/me).
 */
export const updateBrandProfile = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: TUpdateBrandProfile,
): Promise<TBrandProfileResponse> => {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(websites).where(eq(websites.userId, userId)).for('update');
    if (!row) {
      throw new AppError(
        409,
        'no_website',
        'Add your website first: the brand profile is read from it. Your company name can be changed in your profile.',
      );
    }
    const changes: Partial<Pick<WebsiteRow, (typeof BRAND_FIELD_COLUMNS)[TBrandField]>> = {};
    const edited = new Set(row.editedFields);
    for (const field of Object.keys(BRAND_FIELD_COLUMNS) as TBrandField[]) {
      const value = input[field];
      if (value === undefined) continue;
      // Invisible characters go; what is left may be empty (a phrase of zero-width spaces).
      const plain = Array.isArray(value)
        ? value.map((phrase) => cleanText(phrase).trim()).filter(Boolean)
        : cleanText(value).trim();
      if (field === 'company' && plain === '') {
        throw new AppError(400, 'validation_error', 'Company is required');
      }
      const column = BRAND_FIELD_COLUMNS[field];
      if (sameValue(plain, row[column] ?? (Array.isArray(plain) ? [] : ''))) continue;
      Object.assign(changes, { [column]: plain });
      edited.add(field);
    }
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(websites)
      .set({ ...changes, editedFields: [...edited], editedAt: deps.clock.now() })
      .where(eq(websites.userId, userId));
  });
  return brandProfileView(await loadBrandProfileState(deps.db, userId));
};
