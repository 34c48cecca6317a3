import {
  type Icon,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandWhatsapp,
  IconDiscount,
  IconVideo,
} from '@tabler/icons-react';

export type TComingSoonFeature = {
  title: string;
  description: string;
  icon: Icon;
  color: string;
  headline: string;
  points: string[];
  back?: string;
};

export type TComingSoonKey = 'videos' | 'promos' | 'instagram' | 'whatsapp' | 'facebookAds';

/** The spec's "coming soon" screens (§2): what each will do, said plainly. */
export const COMING_SOON: Record<TComingSoonKey, TComingSoonFeature> = {
  videos: {
    title: 'Videos',
    description: 'Short videos for your brand, made from what you already publish.',
    icon: IconVideo,
    color: 'red',
    headline: 'Video creation is on its way',
    points: [
      'Turn blog posts into short clips',
      'Captions and brand colours applied for you',
      'Schedule videos next to your posts',
    ],
  },
  promos: {
    title: 'Promos',
    description: 'Offers and promotions written for every channel at once.',
    icon: IconDiscount,
    color: 'grape',
    headline: 'Promotions are on their way',
    points: [
      'Describe an offer once, get copy for each channel',
      'Seasonal and launch templates',
      'Track which promo performs best',
    ],
  },
  instagram: {
    title: 'Instagram',
    description: 'Plan and publish Instagram posts from Sales Assist.',
    icon: IconBrandInstagram,
    color: 'pink',
    headline: 'Instagram publishing is on its way',
    points: [
      'Posts and captions written for Instagram',
      'Image suggestions from your website',
      'Publish straight to your account',
    ],
  },
  whatsapp: {
    title: 'WhatsApp',
    description: 'Reach customers where they already talk.',
    icon: IconBrandWhatsapp,
    color: 'teal',
    headline: 'WhatsApp messaging is on its way',
    points: [
      'Broadcast messages to opted-in contacts',
      'Replies drafted in your tone',
      'Follow-ups on a schedule',
    ],
  },
  facebookAds: {
    title: 'Facebook Ads',
    description: 'Ad copy and audiences for Facebook campaigns.',
    icon: IconBrandFacebook,
    color: 'indigo',
    headline: 'Facebook Ads are on their way',
    points: [
      'Headlines and primary text in several variants',
      'Audience ideas from your website',
      'Launch-ready ad sets',
    ],
    back: '/',
  },
};
