import { type Icon, IconBrandFacebook, IconBrandGoogle, IconKey } from '@tabler/icons-react';

export type TAdsNavItem = { label: string; to: string; icon: Icon };

/** Spec §2 "Ads sub-navigation", in its order. /advertising itself shows Keywords. */
export const ADS_NAV_ITEMS: TAdsNavItem[] = [
  { label: 'Keywords', to: '/advertising/keywords', icon: IconKey },
  { label: 'Google Ads', to: '/advertising/google-ads', icon: IconBrandGoogle },
  { label: 'Facebook Ads', to: '/advertising/facebook-ads', icon: IconBrandFacebook },
];

/** The sub-navigation entry a path belongs to; the section's index is Keywords. */
export const activeAdsItem = (pathname: string): TAdsNavItem | undefined => {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/advertising') return ADS_NAV_ITEMS[0];
  return ADS_NAV_ITEMS.find((item) => path === item.to || path.startsWith(`${item.to}/`));
};
