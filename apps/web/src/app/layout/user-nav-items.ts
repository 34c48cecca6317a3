import {
  IconArticle,
  IconBrandLinkedin,
  IconCalendar,
  IconChartBar,
  IconDiscount,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconSend,
  IconSettings,
  IconShare,
  IconSpeakerphone,
  IconTargetArrow,
  IconUserSearch,
  IconUsers,
  IconVideo,
  IconWorld,
} from '@tabler/icons-react';
import type { TNavItem } from './nav-items';

/** Spec §2 "Sidebar" for normal users, in its order. */
export const USER_NAV_ITEMS: TNavItem[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, to: '/' },
  { label: 'Sales Assist Chat', icon: IconMessageChatbot, to: '/chat' },
  { label: 'Calendar', icon: IconCalendar, to: '/schedule' },
  {
    label: 'Online Presence',
    icon: IconWorld,
    key: 'online-presence',
    children: [
      { label: 'Blogs', icon: IconArticle, to: '/website-content' },
      { label: 'Linkedin', icon: IconBrandLinkedin, to: '/linkedin' },
      { label: 'Socials', icon: IconShare, to: '/allsocials' },
      { label: 'Ads', icon: IconSpeakerphone, to: '/advertising' },
      { label: 'Videos', icon: IconVideo, to: '/videos' },
      { label: 'Promos', icon: IconDiscount, to: '/promos' },
    ],
  },
  {
    label: 'Outreach',
    icon: IconSend,
    key: 'outreach',
    children: [
      { label: 'Leads', icon: IconUsers, to: '/leads' },
      { label: 'Campaigns', icon: IconTargetArrow, to: '/campaigns' },
      { label: 'Engagement', icon: IconHeartHandshake, to: '/engagement' },
    ],
  },
  { label: 'Prospect Research', icon: IconUserSearch, to: '/prospect-research' },
  { label: 'Analytics', icon: IconChartBar, to: '/analytics' },
  { label: 'Settings', icon: IconSettings, to: '/settings' },
];
