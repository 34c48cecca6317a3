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
  key: string;
  title: string;
  description: string;
  icon: Icon;
  available: boolean;
};

/** Spec §2 screen 4: six ways to pull leads from LinkedIn; only targeted search acts. */
export const EXTRACTION_METHODS: readonly TExtractionMethod[] = [
  {
    key: 'search',
    title: 'Targeted search',
    description: 'Paste a LinkedIn people-search URL and import everyone it finds.',
    icon: IconSearch,
    available: true,
  },
  {
    key: 'group',
    title: 'Group members',
    description: 'Import the members of a LinkedIn group you belong to.',
    icon: IconUsersGroup,
    available: false,
  },
  {
    key: 'post',
    title: 'Post reactors',
    description: 'Import the people who reacted to or commented on a post.',
    icon: IconHeart,
    available: false,
  },
  {
    key: 'profile',
    title: 'Profile connections / followers',
    description: 'Import the connections or followers of a profile.',
    icon: IconUserShare,
    available: false,
  },
  {
    key: 'event',
    title: 'Event attendees',
    description: 'Import the attendees of a LinkedIn event.',
    icon: IconCalendarEvent,
    available: false,
  },
  {
    key: 'page',
    title: 'Page followers',
    description: 'Import the followers of a company page you administer.',
    icon: IconBuildingSkyscraper,
    available: false,
  },
];
