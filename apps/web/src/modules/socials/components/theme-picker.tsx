import { Card, Image, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { INFOGRAPHIC_LAYOUT_LABELS, type TInfographicThemeSummary } from '@sales-assist/contract';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useApiPicture } from '../../../app/api/use-api-picture';
import { LoadFailed } from '../../../ui/load-failed';
import { useInfographicThemes } from '../hooks/use-socials';

const ThemeCard = ({
  theme,
  selected,
  onSelect,
}: {
  theme: TInfographicThemeSummary;
  selected: boolean;
  onSelect: () => void;
}) => {
  const preview = useApiPicture(theme.preview_uri, {
    queryKey: ['infographic-themes', theme.id, 'preview', theme.version],
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  return (
    <UnstyledButton
      onClick={onSelect}
      role="radio"
      aria-checked={selected}
      aria-label={`Theme ${theme.name}`}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Card
        withBorder
        padding={0}
        radius="md"
        style={{
          borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
          borderWidth: selected ? 2 : 1,
          position: 'relative',
        }}
      >
        {preview.url ? (
          // The whole sample, as the post's picture will show: a crop would cut its text.
          <Image src={preview.url} alt={`Preview of ${theme.name}`} h={120} fit="contain" bg="gray.1" />
        ) : (
          <Skeleton h={120} radius={0} animate={preview.isLoading} />
        )}
        {selected && (
          <IconCircleCheckFilled
            size={24}
            color="var(--mantine-color-blue-6)"
            style={{ position: 'absolute', top: 6, right: 6, background: 'white', borderRadius: 12 }}
            aria-hidden
          />
        )}
        <Stack gap={0} p="xs">
          <Text size="sm" fw={600} lineClamp={1}>
            {theme.name}
          </Text>
          <Text size="xs" c="dimmed">
            {INFOGRAPHIC_LAYOUT_LABELS[theme.layout]} · {theme.size.replace('x', '×')}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
};

/** The infographic themes as cards with their preview pictures; one is chosen (a radio group). */
export const ThemePicker = ({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (themeId: number) => void;
}) => {
  const themes = useInfographicThemes();
  if (themes.isLoading) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label="Loading themes">
        {[0, 1, 2, 3].map((each) => (
          <Skeleton key={each} h={170} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (themes.isError || !themes.data)
    return <LoadFailed what="the themes" onRetry={() => themes.refetch()} />;
  if (themes.data.themes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No themes yet: an admin adds them in Infographics.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} role="radiogroup" aria-label="Theme">
      {themes.data.themes.map((theme) => (
        <ThemeCard
          key={theme.id}
          theme={theme}
          selected={theme.id === value}
          onSelect={() => onChange(theme.id)}
        />
      ))}
    </SimpleGrid>
  );
};
