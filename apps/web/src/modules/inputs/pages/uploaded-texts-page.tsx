import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TInput } from '@sales-assist/contract';
import { IconClipboardText, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { TablePagination } from '../../../ui/table-pagination';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { confirmDeleteInput } from '../components/confirm-delete-input';
import { downloadInput } from '../components/download-input';
import { InputDropzone } from '../components/input-dropzone';
import { InputsTabs } from '../components/inputs-tabs';
import { PasteTextModal } from '../components/paste-text-modal';
import { RenameInputModal } from '../components/rename-input-modal';
import { TextInputsTable } from '../components/text-inputs-table';
import { TextViewerModal } from '../components/text-viewer-modal';
import { useDeleteInput, useUploadInputs } from '../hooks/use-input-mutations';
import { useInputs } from '../hooks/use-inputs';

/** /inputs/uploadedtexts: paste or upload texts, read, rename and delete them. */
export const UploadedTextsPage = () => {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [pasting, paste] = useDisclosure(false);
  const [viewing, setViewing] = useState<TInput | null>(null);
  const [renaming, setRenaming] = useState<TInput | null>(null);
  const texts = useInputs({ kind: 'text', page, limit: pageSize });
  const upload = useUploadInputs('text');
  const remove = useDeleteInput();
  const total = texts.data?.total ?? 0;
  // A deleted last row of the last page: go back to the page before.
  if (texts.data && texts.data.inputs.length === 0 && page > 1) setPage(page - 1);

  return (
    <PageShell title="Inputs" back="/inputs">
      <Stack gap="lg">
        <InputsTabs active="text" />
        <Card>
          <Stack gap="md">
            <Group justify="space-between">
              <Stack gap={0}>
                <Title order={4}>Add a text</Title>
                <Text size="sm" c="dimmed">
                  Files are recognised by their content, whatever their name says.
                </Text>
              </Stack>
              <Button leftSection={<IconClipboardText size={16} />} variant="light" onClick={paste.open}>
                Paste text
              </Button>
            </Group>
            <InputDropzone kind="text" loading={upload.isPending} onFiles={(files) => upload.mutate(files)} />
          </Stack>
        </Card>
        <Card>
          <Stack gap="md">
            <Title order={4}>Your texts</Title>
            {texts.isLoading ? (
              <TableSkeleton />
            ) : texts.isError && !texts.data ? (
              <LoadFailed what="your texts" onRetry={() => void texts.refetch()} />
            ) : total === 0 ? (
              <EmptyState
                icon={IconFileText}
                title="No texts yet"
                hint="Paste a text or upload a document: its words will ground your blog and LinkedIn posts."
              />
            ) : (
              <>
                <TextInputsTable
                  inputs={texts.data?.inputs ?? []}
                  onView={setViewing}
                  onRename={setRenaming}
                  onDownload={(input) => void downloadInput(input)}
                  onDelete={(input) => confirmDeleteInput(input, () => remove.mutate(input.id))}
                />
                <TablePagination
                  page={page}
                  pageSize={pageSize}
                  total={total}
                  onPageChange={setPage}
                  onPageSizeChange={(size) => {
                    setPageSize(size);
                    setPage(1);
                  }}
                />
              </>
            )}
          </Stack>
        </Card>
      </Stack>
      <PasteTextModal opened={pasting} onClose={paste.close} />
      <TextViewerModal input={viewing} onClose={() => setViewing(null)} />
      <RenameInputModal input={renaming} onClose={() => setRenaming(null)} />
    </PageShell>
  );
};
