import type { TBrandField } from '@sales-assist/contract';
import type { WebsiteRow } from '../../../db/schema';

type ScannedWebsite = Omit<WebsiteRow, 'userId' | 'editedAt' | 'editedFields'>;

/** Each editable field of the API and the column it lives in. */
export const BRAND_FIELD_COLUMNS = {
  company: 'company',
  offer: 'offer',
  audience: 'audience',
  tone: 'tone',
  key_phrases: 'keyPhrases',
} as const satisfies Record<TBrandField, keyof ScannedWebsite>;

const siteOf = (url: string) => (URL.parse(url)?.hostname ?? url).toLowerCase().replace(/^www\./, '');

/**
 * A rescan of the same site refreshes everything but the fields the user edited, which stay as they
 * wrote them (and stay marked edited). A different site (another host) is another company: the
 * edits made for the old one are dropped with it.
 */
export const keepEditedFields = (
  scanned: ScannedWebsite,
  earlier: WebsiteRow | undefined,
): ScannedWebsite & Pick<WebsiteRow, 'editedAt' | 'editedFields'> => {
  if (!earlier || siteOf(earlier.finalUrl) !== siteOf(scanned.finalUrl)) {
    return { ...scanned, editedAt: null, editedFields: [] };
  }
  const row = { ...scanned, editedAt: earlier.editedAt, editedFields: earlier.editedFields };
  for (const field of earlier.editedFields) {
    if (!(field in BRAND_FIELD_COLUMNS)) continue;
    const column = BRAND_FIELD_COLUMNS[field as TBrandField];
    Object.assign(row, { [column]: earlier[column] });
  }
  return row;
};
