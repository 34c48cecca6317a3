import { Anchor, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  CSV_IMPORT_COLUMNS,
  CSV_IMPORT_KIND_LABELS,
  CSV_IMPORT_KINDS,
  type TCsvImportKind,
  type TCsvLineError,
  type TCsvSaveResponse,
  type TCsvVerifyResponse,
} from '@sales-assist/contract';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { PageShell } from '../../../ui/page-shell';
import { ImportDropzone } from '../components/import-dropzone';
import { LineErrors, VerifyResult } from '../components/verify-result';
import { downloadSample } from '../hooks/download-sample';
import { useSaveCsv, useVerifyCsv } from '../hooks/use-csv-import';

type TVerified = { file: File; result: TCsvVerifyResponse };

const saveLabel = (kind: TCsvImportKind, count: number) =>
  `Save ${count} ${kind === 'prompts' ? 'prompt' : 'template'}${count === 1 ? '' : 's'}`;

const HELP: Record<TCsvImportKind, string> = {
  prompts:
    'One prompt per row. Leave promptid empty to create a prompt; give the id of an existing prompt to edit it (its earlier text stays in its history). purpose is one of the prompt purposes, e.g. social_post or infographic.',
  templates:
    'One theme per row: its name, layout (cards, list, quote, big_number), colours like #1A2B3C and, optionally, its size, fonts and the prompt ids of its Selection, Image and Text Post steps (empty: the current prompt).',
};

/**
 * /admin/uploadcsv: bulk import of prompts or templates, like the leads import. A file is verified as
 * soon as it is chosen (rows, what would be created or updated, every bad line, a preview); Save
 * imports all of it or, if any line is bad, nothing.
 */
export const UploadCsvPage = () => {
  const [kind, setKind] = useState<TCsvImportKind>('prompts');
  const [verified, setVerified] = useState<TVerified | null>(null);
  const [saved, setSaved] = useState<TCsvSaveResponse | null>(null);
  const [saveErrors, setSaveErrors] = useState<{ errors: TCsvLineError[]; more: number } | null>(null);
  const verify = useVerifyCsv();
  const save = useSaveCsv();

  const reset = () => {
    setVerified(null);
    setSaveErrors(null);
    verify.reset();
  };
  const upload = (file: File) => {
    reset();
    setSaved(null);
    verify.mutate({ kind, file }, { onSuccess: (result) => setVerified({ file, result }) });
  };
  const submit = () => {
    if (!verified?.result.ready || save.isPending) return;
    save.mutate(
      { kind, file: verified.file },
      {
        onSuccess: (answer) => {
          setSaved(answer);
          reset();
        },
        onError: (error) => {
          const details = isApiError(error)
            ? (error.body as { errors?: TCsvLineError[]; more_errors?: number })
            : {};
          if (details?.errors) setSaveErrors({ errors: details.errors, more: details.more_errors ?? 0 });
        },
      },
    );
  };
  const columns = CSV_IMPORT_COLUMNS[kind];

  return (
    <PageShell
      title="Upload CSV"
      description="Import prompts or infographic templates in bulk from a CSV file: check it first, then save it all at once."
    >
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            aria-label="What the file holds"
            data={CSV_IMPORT_KINDS.map((value) => ({ value, label: CSV_IMPORT_KIND_LABELS[value] }))}
            value={kind}
            onChange={(value) => {
              setKind(value as TCsvImportKind);
              reset();
              setSaved(null);
            }}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => void downloadSample(kind)}
          >
            <Group gap={4} wrap="nowrap">
              <IconDownload size={16} />
              Download a sample {CSV_IMPORT_KIND_LABELS[kind].toLowerCase()} CSV
            </Group>
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" maw={820}>
          {HELP[kind]} Columns: {columns.required.join(', ')}; optional: {columns.optional.join(', ')}.
        </Text>

        {saved && (
          <Text role="status" fw={600} c="teal.8">
            {saved.message}: {saved.items.map((item) => `${item.name} (id ${item.id})`).join(', ')}
          </Text>
        )}

        {verified ? (
          <VerifyResult file={verified.file} result={verified.result} onRemove={reset} />
        ) : verify.isPending ? (
          <Center py="xl">
            <Loader aria-label="Checking the file" />
          </Center>
        ) : (
          <ImportDropzone loading={verify.isPending} onFile={upload} />
        )}
        {verify.isError && !verified && (
          <Text c="red.8" size="sm" role="alert">
            {verify.error.message}
          </Text>
        )}
        {saveErrors && <LineErrors errors={saveErrors.errors} more={saveErrors.more} />}

        {verified && (
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Choose another file
            </Button>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={submit}
              disabled={!verified.result.ready}
              loading={save.isPending}
            >
              {saveLabel(kind, verified.result.creates + verified.result.updates)}
            </Button>
          </Group>
        )}
      </Stack>
    </PageShell>
  );
};
