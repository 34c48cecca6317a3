import type { TLeadImportMethod } from '@sales-assist/contract';
import {
  type Icon,
  IconBuildingSkyscraper,
  IconCalendarEvent,
  IconHeart,
  IconSearch,
  IconUserShare,
  IconUsersGroup,
} from '@tabler/icons-react';

export type TExtractionMethod = {
  key: 'search' | TLeadImportMethod | 'page_followers';
  title: string;
  description: string;
  icon: Icon;
  available: boolean;
  /** Said plainly on a tile LinkedIn offers no way for. */
  unavailableReason?: string;
};

/** Spec §2 screen 4: six ways to pull leads from LinkedIn. */
export const EXTRACTION_METHODS: readonly TExtractionMethod[] = [
  {
    key: 'search',
    title: 'Targeted search',
    description: 'Paste a LinkedIn people-search URL and import everyone it finds.',
    icon: IconSearch,
    available: true,
  },
  {
    key: 'group_members',
    title: 'Group members',
    description: 'Import the members of a LinkedIn group you belong to.',
    icon: IconUsersGroup,
    available: true,
  },
  {
    key: 'post_reactors',
    title: 'Post reactors',
    description: 'Import the people who reacted to or commented on a post.',
    icon: IconHeart,
    available: true,
  },
  {
    key: 'profile_network',
    title: 'Profile connections / followers',
    description: 'Import your connections, a 1st-degree connection’s, or the followers of a profile.',
    icon: IconUserShare,
    available: true,
  },
  {
    key: 'event_attendees',
    title: 'Event attendees',
    description: 'Import the attendees of a LinkedIn event.',
    icon: IconCalendarEvent,
    available: true,
  },
  {
    key: 'page_followers',
    title: 'Page followers',
    description: 'Import the followers of a company page.',
    icon: IconBuildingSkyscraper,
    available: false,
    unavailableReason:
      'LinkedIn shows a page’s followers only to the page’s admins, in its admin tools, and offers no way to read that list from here. Use Targeted search with the company as “Current company” to reach its people.',
  },
];
