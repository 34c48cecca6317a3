import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { LEADS_MESSAGES, type TVerifyUploadResponse } from '@sales-assist/contract';
import { IconArrowRight, IconDownload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/api/toast';
import { useListOptions } from '../hooks/use-list-options';
import { useSaveLeads } from '../hooks/use-save-leads';
import { useVerifyUpload } from '../hooks/use-verify-upload';
import { CsvDropzone } from './csv-dropzone';
import { CsvFileCard } from './csv-file-card';
import type { TRecentImport } from './import-banner';
import { ListChoiceFields, type TListChoice } from './list-choice-fields';

type TVerified = { file: File; result: TVerifyUploadResponse };

const NO_CHOICE: TListChoice = { listId: null, newName: '' };

/** Screen 3 (spec §4 CSV import): no file → verified file → save into a list → all leads. */
export const CsvImport = ({ onImported }: { onImported: (recent: TRecentImport) => void }) => {
  const verify = useVerifyUpload();
  const save = useSaveLeads();
  const options = useListOptions();
  const [verified, setVerified] = useState<TVerified | null>(null);
  const [choice, setChoice] = useState<TListChoice>(NO_CHOICE);

  const upload = (file: File) => {
    setVerified(null);
    verify.mutate(file, { onSuccess: (result) => setVerified({ file, result }) });
  };
  const remove = () => {
    setVerified(null);
    verify.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!verified || save.isPending) return;
    const chosen = options.data?.lists.find((list) => String(list.id) === choice.listId);
    const list = choice.newName.trim() || chosen?.name || '';
    if (!list) return toast('warning', LEADS_MESSAGES.selectList);
    save.mutate(
      { file: verified.file, list },
      { onSuccess: ({ list_id }) => onImported({ listId: list_id, listName: list }) },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text c="dimmed" size="sm" maw={620}>
          Columns the import reads: Name, Headline, Location, Company, Connection Degree, Source, Linkedin URL
          and Profile Image URL (the usual LinkedIn export columns work too). Rows without a LinkedIn profile
          URL are skipped.
        </Text>
        <Anchor href="/api/linkedinAI/sample_csv" download="sample.csv" size="sm" fw={600}>
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} />
            Download a sample CSV
          </Group>
        </Anchor>
      </Group>
      {verified ? (
        <form onSubmit={submit}>
          <Stack gap="lg" maw={560}>
            <CsvFileCard file={verified.file} verified={verified.result} onRemove={remove} />
            <ListChoiceFields value={choice} onChange={setChoice} exclusive />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} rightSection={<IconArrowRight size={18} />}>
                Next
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <CsvDropzone loading={verify.isPending} onFile={upload} />
      )}
    </Stack>
  );
};
