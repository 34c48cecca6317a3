import { Button, SimpleGrid, Skeleton } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TAdminInfographicTheme } from '@sales-assist/contract';
import { IconChartInfographic, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { AdminThemeCard } from '../components/admin-theme-card';
import { ThemeEditorDrawer } from '../components/theme-editor-drawer';
import { ADMIN_THEMES_KEY } from '../hooks/infographics-keys';
import { useAdminThemes } from '../hooks/use-admin-themes';
import { useSetThemeRetired } from '../hooks/use-theme-mutations';
import type { TEditing } from '../lib/design-form';

/** /admin/infographicmanagement: the infographic themes, created and edited with a live rendered preview. */
export const InfographicManagementPage = () => {
  const themes = useAdminThemes();
  const retire = useSetThemeRetired();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TEditing | null>(null);

  const latest = async (id: number) => {
    await queryClient.invalidateQueries({ queryKey: ADMIN_THEMES_KEY });
    const refreshed = await themes.refetch();
    return refreshed.data?.find((theme) => theme.id === id);
  };

  const askRetire = (theme: TAdminInfographicTheme, retired: boolean) => {
    if (!retired) return retire.mutate({ id: theme.id, retired });
    modals.openConfirmModal({
      title: `Retire ${theme.name}?`,
      children: 'It will no longer be offered for new social posts. Posts made with it keep their pictures.',
      labels: { confirm: 'Retire', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => retire.mutate({ id: theme.id, retired }),
    });
  };

  return (
    <PageShell
      title="Infographic Management"
      description="The themes social post pictures are drawn with: layout, colours, fonts and background."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
          New theme
        </Button>
      }
    >
      {themes.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label="Loading the themes">
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} h={320} radius="lg" />
          ))}
        </SimpleGrid>
      ) : themes.isError && !themes.data ? (
        <LoadFailed what="the themes" onRetry={() => void themes.refetch()} />
      ) : !themes.data || themes.data.length === 0 ? (
        <EmptyState
          icon={IconChartInfographic}
          title="No themes yet"
          hint="Create a theme to draw social post pictures with."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {themes.data.map((theme) => (
            <AdminThemeCard
              key={theme.id}
              theme={theme}
              busy={retire.isPending && retire.variables?.id === theme.id}
              onEdit={() => setEditing({ mode: 'edit', theme })}
              onRetire={(retired) => askRetire(theme, retired)}
            />
          ))}
        </SimpleGrid>
      )}
      <ThemeEditorDrawer editing={editing} onClose={() => setEditing(null)} latest={latest} />
    </PageShell>
  );
};
