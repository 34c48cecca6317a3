import { Avatar } from '@mantine/core';

/**
 * A web address or a path on this app's own origin (the sandbox relays its pictures there), never
 * a protocol-relative "//host" that would leave it.
 */
const isPictureUrl = (src: string): boolean => /^https?:\/\//i.test(src) || /^\/(?!\/)/.test(src);

/** A person's profile picture, or the default picture when the value is "None" (or does not load). */
export const ProfileAvatar = ({ src, name, size = 36 }: { src: string; name: string; size?: number }) => (
  <Avatar
    src={src !== 'None' && isPictureUrl(src) ? src : null}
    alt={name}
    radius="xl"
    size={size}
    color="blue"
    imageProps={{ loading: 'lazy', referrerPolicy: 'no-referrer' }}
  />
);
