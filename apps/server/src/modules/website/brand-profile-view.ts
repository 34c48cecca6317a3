import type { TBrandProfileResponse } from '@sales-assist/contract';
import type { BrandProfileState } from './brand-profile';

/** The brand profile as GET and PUT /api/brand_profile answer it. */
export const brandProfileView = ({
  profile,
  hasWebsite,
  scannedAt,
  editedAt,
  editedFields,
  look,
}: BrandProfileState): TBrandProfileResponse => ({
  has_website: hasWebsite,
  website_url: profile.websiteUrl,
  company: profile.company,
  offer: profile.offer,
  audience: profile.audience,
  tone: profile.tone,
  key_phrases: profile.keyPhrases,
  website_summary: profile.websiteSummary,
  scanned_at: scannedAt?.toISOString() ?? null,
  edited_at: editedAt?.toISOString() ?? null,
  edited_fields: editedFields,
  look: { colors: look.colors, has_logo: look.logo !== null },
});
