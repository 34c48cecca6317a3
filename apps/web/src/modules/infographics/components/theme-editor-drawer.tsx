import { Alert, Button, Divider, Drawer, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  INFOGRAPHIC_THEME_NAME_MAX,
  type TAdminInfographicTheme,
  type TInfographicDesign,
  ZInfographicDesign,
} from '@sales-assist/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { useCreateTheme, useUpdateTheme } from '../hooks/use-theme-mutations';
import { contentOf, NEW_DESIGN, SAMPLE_FIELDS, type TEditing, type TSampleFields } from '../lib/design-form';
import { DesignFields } from './design-fields';
import { LivePreview } from './live-preview';
import { SampleFields } from './sample-fields';

type TThemeEditorProps = {
  editing: TEditing;
  onClose: () => void;
  /** The theme as the server has it now (after someone else's save), to start again from. */
  latest: (id: number) => Promise<TAdminInfographicTheme | undefined>;
};

const ThemeEditor = ({ editing, onClose, latest }: TThemeEditorProps) => {
  const initial = editing.mode === 'edit' ? editing.theme : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [design, setDesign] = useState<TInfographicDesign>(initial?.design ?? NEW_DESIGN);
  const [version, setVersion] = useState(initial?.version ?? 1);
  const [sample, setSample] = useState<TSampleFields>(SAMPLE_FIELDS);
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const create = useCreateTheme();
  const update = useUpdateTheme();
  const saving = create.isPending || update.isPending;
  const designCheck = ZInfographicDesign.safeParse(design);
  const nameProblem = name.trim() ? null : 'Give the theme a name';
  const changed =
    editing.mode === 'create' ||
    name.trim() !== initial?.name ||
    JSON.stringify(design) !== JSON.stringify(initial?.design);

  const save = async () => {
    setFailure(null);
    try {
      if (editing.mode === 'create') await create.mutateAsync({ name: name.trim(), design });
      else
        await update.mutateAsync({
          id: editing.theme.id,
          version,
          design,
          ...(editing.theme.built_in ? {} : { name: name.trim() }),
        });
      onClose();
    } catch (error) {
      setFailure({
        message: isApiError(error) ? error.message : 'The theme could not be saved. Please try again.',
        stale: isApiError(error) && error.code === 'stale_version',
      });
    }
  };

  const reload = async () => {
    if (editing.mode !== 'edit') return;
    const current = await latest(editing.theme.id);
    if (!current) return;
    setName(current.name);
    setDesign(current.design);
    setVersion(current.version);
    setFailure(null);
  };

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <TextInput
            label="Theme name"
            required
            maxLength={INFOGRAPHIC_THEME_NAME_MAX}
            value={name}
            disabled={initial?.built_in}
            description={initial?.built_in ? 'A built-in theme keeps its name' : undefined}
            error={name.length > 0 ? nameProblem : null}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <DesignFields design={design} onChange={setDesign} />
          <Divider label="Sample content for the preview (not saved)" labelPosition="left" />
          <SampleFields fields={sample} layout={design.layout} onChange={setSample} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md" style={{ position: 'sticky', top: 0 }}>
          <Title order={5}>Live preview</Title>
          <LivePreview request={{ design, content: contentOf(sample) }} enabled />
          {failure && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Not saved">
              <Stack gap="xs">
                <Text size="sm">{failure.message}</Text>
                {failure.stale && (
                  <Group>
                    <Button size="xs" variant="light" onClick={() => void reload()}>
                      Load the latest version
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={!changed || nameProblem !== null || !designCheck.success}
            >
              {editing.mode === 'create' ? 'Create theme' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
};

/** Creating or editing a theme, beside its live preview. */
export const ThemeEditorDrawer = ({
  editing,
  ...props
}: Omit<TThemeEditorProps, 'editing'> & { editing: TEditing | null }) => (
  <Drawer
    opened={editing !== null}
    onClose={props.onClose}
    position="right"
    size="min(1200px, 100%)"
    title={
      <Title order={4} component="span">
        {editing?.mode === 'edit' ? `Edit ${editing.theme.name}` : 'New theme'}
      </Title>
    }
  >
    {editing && (
      <ThemeEditor
        key={editing.mode === 'edit' ? `edit-${editing.theme.id}-${editing.theme.version}` : 'create'}
        editing={editing}
        {...props}
      />
    )}
  </Drawer>
);
