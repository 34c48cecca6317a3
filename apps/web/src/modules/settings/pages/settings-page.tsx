import { SimpleGrid, Stack } from '@mantine/core';
import { useSession } from '../../../app/session/session-store';
import { useMe } from '../../../app/session/use-me';
import { PageShell } from '../../../ui/page-shell';
import { BrandProfileSection } from '../components/brand-profile-section';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileForm } from '../components/profile-form';
import { TimeZoneForm } from '../components/time-zone-form';

/** /settings, "My Profile" (spec §2). */
export const SettingsPage = () => {
  const session = useSession();
  const account = useMe().data ?? session;
  if (!account) return null;
  return (
    <PageShell
      title="My Profile"
      description="Manage your profile details, your time zone, your brand profile and your password."
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="lg">
            <ProfileForm email={account.email} companyName={account.companyName} />
            <TimeZoneForm timeZone={'time_zone' in account ? account.time_zone : null} />
          </Stack>
          <ChangePasswordForm email={account.email} />
        </SimpleGrid>
        <BrandProfileSection />
      </Stack>
    </PageShell>
  );
};
