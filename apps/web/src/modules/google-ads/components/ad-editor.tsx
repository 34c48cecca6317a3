import { Alert, Button, Divider, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  GOOGLE_AD_MESSAGES,
  googleAdFieldName,
  googleAdProblems,
  MODEL_SETUP,
  OFFLINE_DRAFT_TITLE,
  type TGoogleAd,
  type TGoogleAdField,
} from '@sales-assist/contract';
import { IconCopy, IconDeviceFloppy, IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../app/api/toast';
import { AdminSetupHint } from '../../../ui/admin-setup-hint';
import {
  useDeleteGoogleAd,
  useRegenerateGoogleAdField,
  useSaveGoogleAd,
} from '../hooks/use-google-ad-mutations';
import { draftOf, FIELD_LIMITS, sameDraft, type TAdDraft } from '../lib/ad-draft';
import { exportAdCsv } from '../lib/export-ad-csv';
import { AdFieldList } from './ad-field-list';
import { AdPreview } from './ad-preview';
import { AdTextField } from './ad-text-field';

/** An http(s) address with a host, as the server takes it (a missing scheme means https). */
const isWebAddress = (value: string): boolean => {
  const text = value.trim();
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
};

const copyAd = async (draft: TAdDraft): Promise<void> => {
  const lines = [
    ...draft.headlines.map((text, index) => `${googleAdFieldName('headline', index)}: ${text.trim()}`),
    ...draft.descriptions.map((text, index) => `${googleAdFieldName('description', index)}: ${text.trim()}`),
    `Path 1: ${draft.path1.trim()}`,
    `Path 2: ${draft.path2.trim()}`,
    `Final URL: ${draft.landing_url.trim()}`,
  ];
  try {
    await navigator.clipboard.writeText(lines.join('\n'));
    toast('success', 'Ad copied: paste it into Google Ads');
  } catch {
    toast('error', 'Could not copy: your browser refused access to the clipboard');
  }
};

/** The two lists of fields, each with the draft's key that holds it. */
const LIST_FIELDS = [
  ['headline', 'headlines'],
  ['description', 'descriptions'],
] as const;

type TAdEditorProps = { ad: TGoogleAd; onDeleted: () => void };

/**
 * The ad's every field with a live character counter (red over Google's limit; Save stays off while any
 * field breaks a rule), its own regenerate button, headlines (3–15) and descriptions (2–4) to add or
 * remove, the live preview, Save, Export CSV, copy and delete.
 */
export const AdEditor = ({ ad, onDeleted }: TAdEditorProps) => {
  const [draft, setDraft] = useState<TAdDraft>(() => draftOf(ad));
  const [saved, setSaved] = useState<TAdDraft>(() => draftOf(ad));
  const [busyField, setBusyField] = useState<string | null>(null);
  const save = useSaveGoogleAd();
  const regenerate = useRegenerateGoogleAdField();
  const remove = useDeleteGoogleAd();

  // Saved (here or in another tab): start from what is stored. A refetch of the same version keeps the edits.
  const [version, setVersion] = useState(ad.updated_at);
  if (version !== ad.updated_at) {
    setVersion(ad.updated_at);
    setDraft(draftOf(ad));
    setSaved(draftOf(ad));
  }

  const problems = useMemo(() => googleAdProblems(draft), [draft]);
  const problemOf = (field: TGoogleAdField, index: number) =>
    problems.find((problem) => problem.field === field && problem.index === index)?.message;
  const dirty = !sameDraft(draft, saved);
  const urlProblem =
    draft.landing_url.trim() === ''
      ? GOOGLE_AD_MESSAGES.landingUrlRequired
      : isWebAddress(draft.landing_url)
        ? undefined
        : GOOGLE_AD_MESSAGES.landingUrlInvalid;
  const campaignProblem = draft.campaign.trim() === '' ? 'Campaign is required' : undefined;
  const adGroupProblem = draft.ad_group.trim() === '' ? 'Ad group is required' : undefined;
  const blocked =
    problems.length > 0 ||
    urlProblem !== undefined ||
    campaignProblem !== undefined ||
    adGroupProblem !== undefined;

  const setList = (key: 'headlines' | 'descriptions', index: number, value: string) =>
    setDraft((current) => ({ ...current, [key]: current[key].with(index, value) }));

  const onRegenerate = async (field: TGoogleAdField, index: number) => {
    setBusyField(`${field}-${index}`);
    try {
      const answer = await regenerate.mutateAsync({
        id: ad.id,
        body: {
          field,
          index,
          headlines: draft.headlines,
          descriptions: draft.descriptions,
          path1: draft.path1,
          path2: draft.path2,
        },
      });
      setDraft((current) =>
        field === 'headline'
          ? { ...current, headlines: current.headlines.with(index, answer.text) }
          : field === 'description'
            ? { ...current, descriptions: current.descriptions.with(index, answer.text) }
            : { ...current, [index === 0 ? 'path1' : 'path2']: answer.text },
      );
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusyField(null);
    }
  };

  const onSave = () =>
    save.mutate(
      {
        id: ad.id,
        body: {
          headlines: draft.headlines,
          descriptions: draft.descriptions,
          path1: draft.path1,
          path2: draft.path2,
          campaign: draft.campaign,
          ad_group: draft.ad_group,
          landing_url: draft.landing_url,
        },
      },
      { onSuccess: (stored) => setSaved(draftOf(stored)) },
    );

  const disabled = save.isPending || remove.isPending;

  return (
    <Stack gap="md">
      {ad.writer === 'offline' && (
        <Alert color="yellow" variant="light" radius="lg" title={OFFLINE_DRAFT_TITLE}>
          {GOOGLE_AD_MESSAGES.offlineLabel}
          <AdminSetupHint hint={MODEL_SETUP.writingAdminHint} />
        </Alert>
      )}
      {ad.landing_page.message && (
        <Alert color="orange" variant="light" radius="lg" title="Landing page not read">
          {ad.landing_page.message}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {LIST_FIELDS.map(([field, key]) => (
              <AdFieldList
                key={field}
                field={field}
                values={draft[key]}
                problemOf={(index) => problemOf(field, index)}
                busyField={busyField}
                onChange={(index, value) => setList(key, index, value)}
                onRegenerate={(index) => onRegenerate(field, index)}
                onRemove={(index) =>
                  setDraft((current) => ({ ...current, [key]: current[key].toSpliced(index, 1) }))
                }
                onAdd={() => setDraft((current) => ({ ...current, [key]: [...current[key], ''] }))}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 16 }}>
            <AdPreview draft={draft} />
            <Paper withBorder radius="lg" p="md">
              <Stack gap="sm">
                <Title order={4}>Display URL and campaign</Title>
                <TextInput
                  label="Final URL"
                  value={draft.landing_url}
                  onChange={(event) => setDraft({ ...draft, landing_url: event.currentTarget.value })}
                  error={urlProblem}
                  disabled={disabled}
                />
                {(['path1', 'path2'] as const).map((key, index) => (
                  <AdTextField
                    key={key}
                    field="path"
                    label={googleAdFieldName('path', index)}
                    value={draft[key]}
                    limit={FIELD_LIMITS.path}
                    problem={problemOf('path', index)}
                    onChange={(value) => setDraft((current) => ({ ...current, [key]: value }))}
                    onRegenerate={() => onRegenerate('path', index)}
                    regenerating={busyField === `path-${index}`}
                    disabled={disabled}
                  />
                ))}
                <Divider />
                <TextInput
                  label="Campaign"
                  value={draft.campaign}
                  maxLength={255}
                  onChange={(event) => setDraft({ ...draft, campaign: event.currentTarget.value })}
                  error={campaignProblem}
                  disabled={disabled}
                />
                <TextInput
                  label="Ad group"
                  value={draft.ad_group}
                  maxLength={255}
                  onChange={(event) => setDraft({ ...draft, ad_group: event.currentTarget.value })}
                  error={adGroupProblem}
                  disabled={disabled}
                />
                <Text size="xs" c="dimmed">
                  Keywords: {ad.keywords.join(', ')}
                </Text>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {problems.length > 0 && (
        <Text size="sm" c="red" role="status">
          {problems.length === 1
            ? problems[0]?.message
            : `${problems.length} fields need fixing before you can save.`}
        </Text>
      )}
      <Group justify="space-between">
        <Group gap="sm">
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={onSave}
            loading={save.isPending}
            disabled={!dirty || blocked || remove.isPending}
          >
            Save
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} />}
            onClick={() => exportAdCsv(ad.id)}
            disabled={dirty}
            title={dirty ? 'Save first: the export is the saved ad' : undefined}
          >
            Export CSV
          </Button>
          <Button variant="default" leftSection={<IconCopy size={18} />} onClick={() => copyAd(draft)}>
            Copy
          </Button>
        </Group>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} />}
          loading={remove.isPending}
          onClick={() =>
            modals.openConfirmModal({
              title: 'Delete this ad?',
              centered: true,
              children: <Text size="sm">The ad will be deleted. This cannot be undone.</Text>,
              labels: { confirm: 'Delete', cancel: 'Cancel' },
              confirmProps: { color: 'red' },
              onConfirm: () => remove.mutate(ad.id, { onSuccess: onDeleted }),
            })
          }
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
};
