import { Alert, Card, Skeleton, Stack } from '@mantine/core';
import { useBrandProfile } from '../hooks/use-brand-profile';
import { BrandProfileCard } from './brand-profile-card';
import { BrandProfileInvite } from './brand-profile-invite';

/** The brand profile in Settings: the card to edit it, or an invitation to add a website. */
export const BrandProfileSection = () => {
  const query = useBrandProfile();
  if (query.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading the brand profile">
        <Stack gap="sm">
          <Skeleton height={20} width="30%" />
          <Skeleton height={36} />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The brand profile could not be loaded">
        {query.error.message}
      </Alert>
    );
  }
  const profile = query.data;
  return profile.has_website ? <BrandProfileCard profile={profile} /> : <BrandProfileInvite />;
};
