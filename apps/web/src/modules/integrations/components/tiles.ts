import type { TSocialPlatform } from '@sales-assist/contract';
import {
  type Icon,
  IconBrandFacebook,
  IconBrandGoogle,
  IconBrandGoogleAnalytics,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTwitter,
  IconBrandWordpress,
  IconShoppingBag,
} from '@tabler/icons-react';

export type TTileKey =
  | 'instagram'
  | 'facebook'
  | 'twitter'
  | 'googleanalytics'
  | 'linkedin'
  | 'wordpress'
  | 'shopify'
  | 'googleads';

export type TTile = {
  key: TTileKey;
  label: string;
  icon: Icon;
  color: string;
  /** The platform the tile connects; null: spec §2 says the tile does nothing. */
  platform: TSocialPlatform | null;
};

/** Spec §2: the tiles in the spec's order. Tabler has no Shopify mark: a shopping bag stands for it. */
export const TILES: TTile[] = [
  { key: 'instagram', label: 'Instagram', icon: IconBrandInstagram, color: '#E1306C', platform: 'instagram' },
  { key: 'facebook', label: 'Facebook', icon: IconBrandFacebook, color: '#1877F2', platform: 'facebook' },
  { key: 'twitter', label: 'Twitter', icon: IconBrandTwitter, color: '#1DA1F2', platform: null },
  {
    key: 'googleanalytics',
    label: 'GoogleAnalytics',
    icon: IconBrandGoogleAnalytics,
    color: '#E37400',
    platform: null,
  },
  { key: 'linkedin', label: 'Linkedin', icon: IconBrandLinkedin, color: '#0A66C2', platform: 'linkedin' },
  { key: 'wordpress', label: 'Wordpress', icon: IconBrandWordpress, color: '#21759B', platform: 'wordpress' },
  { key: 'shopify', label: 'Shopify', icon: IconShoppingBag, color: '#5E8E3E', platform: null },
  { key: 'googleads', label: 'GoogleAds', icon: IconBrandGoogle, color: '#4285F4', platform: null },
];
