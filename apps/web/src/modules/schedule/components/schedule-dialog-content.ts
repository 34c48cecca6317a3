import {
  PLATFORM_LABELS,
  PLATFORMS_OF_KIND,
  type TSchedulableKind,
  type TSocialNetwork,
  type TSocialPlatform,
} from '@sales-assist/contract';

/** What the content screens hand the dialog: the item, its kind, and a social post's network. */
export type TSchedulableContent = {
  id: number;
  kind: TSchedulableKind;
  /** Its title, or the first line of a post. */
  title: string;
  /** A social post is written for one network and goes only there. */
  network?: TSocialNetwork;
};

/** Where this content can go: a blog to WordPress, a LinkedIn post to LinkedIn, a social post to its network. */
export const platformsOf = (content: TSchedulableContent): readonly TSocialPlatform[] =>
  content.kind === 'social_post' && content.network ? [content.network] : PLATFORMS_OF_KIND[content.kind];

/** "Wordpress", "Facebook or Instagram": in "No … account is connected". */
export const platformNames = (platforms: readonly TSocialPlatform[]): string =>
  platforms.map((platform) => PLATFORM_LABELS[platform]).join(' or ');
