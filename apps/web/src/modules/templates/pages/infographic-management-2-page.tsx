import { Center, Loader, SimpleGrid } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { TemplateEditor } from '../components/template-editor';
import { ThemeCard } from '../components/theme-card';
import { useTemplatesData } from '../hooks/use-templates-data';

/**
 * /admin/infographic2 (spec §2 Infographic Management 2): a card per theme in service; its menu's Edit
 * opens the Template Editor, where the theme's three prompt ids are set.
 */
export const InfographicManagement2Page = () => {
  const themes = useTemplatesData();
  // Each opening mounts a fresh editor (its form starts from the card as it is now).
  const [editing, setEditing] = useState<{ themeId: number; session: number } | null>(null);
  const card = themes.data?.find((theme) => theme.themeId === editing?.themeId);

  return (
    <PageShell
      title="Infographic Management 2"
      description="Each theme draws social post pictures. Edit a theme to choose the prompts its posts are made with: Selection picks what the picture shows, Image describes a picture, Text Post writes the post."
    >
      {themes.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading themes" />
        </Center>
      ) : themes.isError ? (
        <LoadFailed what="the themes" onRetry={() => themes.refetch()} />
      ) : themes.data.length === 0 ? (
        <EmptyState
          icon={IconLayoutGrid}
          title="No themes yet"
          hint="Themes made in Infographics or imported with Upload CSV show here."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {themes.data.map((theme) => (
            <ThemeCard
              key={theme.themeId}
              card={theme}
              onEdit={() =>
                setEditing((current) => ({ themeId: theme.themeId, session: (current?.session ?? 0) + 1 }))
              }
            />
          ))}
        </SimpleGrid>
      )}
      {editing && card && (
        <TemplateEditor key={editing.session} card={card} opened onClose={() => setEditing(null)} />
      )}
    </PageShell>
  );
};
