import type { TSocialPlatform } from '@sales-assist/contract';
import {
  type Icon,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandWordpress,
} from '@tabler/icons-react';

/** The network's mark on a calendar entry, so "17:33 Social Post" says where it goes at a glance. */
export const PLATFORM_ICONS: Record<TSocialPlatform, Icon> = {
  linkedin: IconBrandLinkedin,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  wordpress: IconBrandWordpress,
};
