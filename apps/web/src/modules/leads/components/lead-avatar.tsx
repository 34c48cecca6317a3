import { Avatar } from '@mantine/core';

/** Spec §2: the profile image, or the default picture when the value is "None" (or does not load). */
export const LeadAvatar = ({ src, name }: { src: string; name: string }) => {
  const usable = src !== '' && src !== 'None' && /^https?:\/\//i.test(src);
  return (
    <Avatar
      src={usable ? src : null}
      alt={name}
      radius="xl"
      size={36}
      color="blue"
      imageProps={{ loading: 'lazy', referrerPolicy: 'no-referrer' }}
    />
  );
};
