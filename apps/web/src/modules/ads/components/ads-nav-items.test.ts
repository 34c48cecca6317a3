import { describe, expect, it } from 'vitest';
import { ADS_NAV_ITEMS, activeAdsItem } from './ads-nav-items';

describe('the Ads sub-navigation', () => {
  it('lists the spec items in order, and counts the section index as Keywords', () => {
    expect(ADS_NAV_ITEMS.map((item) => [item.label, item.to])).toEqual([
      ['Keywords', '/advertising/keywords'],
      ['Google Ads', '/advertising/google-ads'],
      ['Facebook Ads', '/advertising/facebook-ads'],
    ]);
    expect(activeAdsItem('/advertising')?.label).toBe('Keywords');
    expect(activeAdsItem('/advertising/')?.label).toBe('Keywords');
    expect(activeAdsItem('/Advertising/Google-Ads')?.label).toBe('Google Ads');
    expect(activeAdsItem('/advertising/facebook-ads')?.label).toBe('Facebook Ads');
    expect(activeAdsItem('/advertising/keywordsx')).toBeUndefined();
  });
});
