import {
  type Icon,
  IconArticle,
  IconBrandLinkedin,
  IconCalendar,
  IconDiscount,
  IconMessageChatbot,
  IconShare,
  IconSpeakerphone,
  IconVideo,
} from '@tabler/icons-react';

export type TDashboardTile = { label: string; to: string; icon: Icon; color: string; description: string };

/** Spec §2 "Dashboard sub-navigation", in its order. */
export const DASHBOARD_TILES: TDashboardTile[] = [
  {
    label: 'Calendar',
    to: '/schedule',
    icon: IconCalendar,
    color: 'teal',
    description: 'See and plan scheduled posts',
  },
  {
    label: 'Blogs',
    to: '/website-content',
    icon: IconArticle,
    color: 'blue',
    description: 'Write blog posts for your site',
  },
  {
    label: 'Linkedin',
    to: '/linkedin',
    icon: IconBrandLinkedin,
    color: 'indigo',
    description: 'Posts for your LinkedIn feed',
  },
  {
    label: 'Chat',
    to: '/chat',
    icon: IconMessageChatbot,
    color: 'violet',
    description: 'Ask Sales Assist anything',
  },
  {
    label: 'Socials',
    // Spec §2 dashboard sub-navigation: Socials (socials/content), the place to write them.
    to: '/socials/content',
    icon: IconShare,
    color: 'pink',
    description: 'Social media posts with images',
  },
  {
    label: 'Ads',
    to: '/advertising',
    icon: IconSpeakerphone,
    color: 'orange',
    description: 'Keywords and ad copy',
  },
  {
    label: 'Videos',
    to: '/videos',
    icon: IconVideo,
    color: 'red',
    description: 'Short videos for your brand',
  },
  {
    label: 'Promos',
    to: '/promos',
    icon: IconDiscount,
    color: 'grape',
    description: 'Offers and promotions',
  },
];
