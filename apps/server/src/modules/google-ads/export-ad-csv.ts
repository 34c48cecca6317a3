import { GOOGLE_AD_LIMITS, GOOGLE_ADS_EDITOR_COLUMNS } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { safeCsvRecord, UTF8_BOM } from '../leads/csv/csv-format';
import { adDataOf } from './ad-view';
import { findAd } from './find-ad';

const padded = (texts: readonly string[], length: number): string[] =>
  Array.from({ length }, (_, index) => texts[index] ?? '');

/**
 * One ad as a CSV file Google Ads Editor imports (Account → Import → From file): its responsive search
 * ad columns, one row. Cells a spreadsheet would run as formulas are neutralised by the same writer the
 * leads export uses; an empty cell (a headline the ad does not have) changes nothing in the Editor.
 */
export const exportAdCsv = async (deps: Pick<AppDeps, 'db'>, userId: string, id: number): Promise<string> => {
  const ad = adDataOf(await findAd(deps.db, userId, id));
  return (
    UTF8_BOM +
    safeCsvRecord(GOOGLE_ADS_EDITOR_COLUMNS) +
    safeCsvRecord([
      ad.campaign,
      ad.adGroup,
      ad.landingUrl,
      ad.path1,
      ad.path2,
      ...padded(ad.headlines, GOOGLE_AD_LIMITS.headline.max),
      ...padded(ad.descriptions, GOOGLE_AD_LIMITS.description.max),
    ])
  );
};
