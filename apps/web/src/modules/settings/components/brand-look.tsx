import { ColorSwatch, Group, Image, Paper, Skeleton, Text } from '@mantine/core';
import { CALLS, type TBrandProfileResponse } from '@sales-assist/contract';
import { pathOf } from '../../../app/api/call-api';
import { useApiPicture } from '../../../app/api/use-api-picture';

/**
 * The brand's colours and logo as read from the site (with the rest of the profile, "Scan again" reads
 * them again): what picture themes in the brand look, such as Your Brand, draw with.
 */
export const BrandLook = ({ profile }: { profile: TBrandProfileResponse }) => {
  const { colors, has_logo: hasLogo } = profile.look;
  const logo = useApiPicture(hasLogo ? pathOf(CALLS.getBrandLogo, undefined) : null, {
    // A new scan may find another logo.
    queryKey: ['brand-profile', 'logo', profile.scanned_at],
    retry: false,
  });
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" aria-label="Brand look">
      <Text size="xs" fw={600} c="dimmed" mb={6}>
        Brand look (from your site, used by picture themes such as Your Brand)
      </Text>
      {colors.length === 0 && !hasLogo ? (
        <Text size="sm">
          No brand colours or logo were found on your site. Picture themes that use the brand look draw in
          their own colours until a scan finds them.
        </Text>
      ) : (
        <Group gap="lg" align="center">
          {hasLogo &&
            (logo.url ? (
              <Image src={logo.url} alt="Your logo" h={48} w="auto" maw={192} fit="contain" />
            ) : (
              <Skeleton h={48} w={96} animate={logo.isLoading} aria-label="Loading your logo" />
            ))}
          {colors.length > 0 && (
            <Group gap="sm" role="list" aria-label="Brand colours">
              {colors.map((color) => (
                <Group key={color} gap={6} role="listitem">
                  <ColorSwatch color={color} size={22} aria-hidden />
                  <Text size="sm" ff="monospace">
                    {color}
                  </Text>
                </Group>
              ))}
            </Group>
          )}
        </Group>
      )}
    </Paper>
  );
};
