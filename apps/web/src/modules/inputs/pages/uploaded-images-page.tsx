import { Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TInput } from '@sales-assist/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { confirmDeleteInput } from '../components/confirm-delete-input';
import { downloadInput } from '../components/download-input';
import { ImageGrid } from '../components/image-grid';
import { ImagePreviewModal } from '../components/image-preview-modal';
import { InputDropzone } from '../components/input-dropzone';
import { InputsTabs } from '../components/inputs-tabs';
import { RenameInputModal } from '../components/rename-input-modal';
import { useDeleteInput, useUploadInputs } from '../hooks/use-input-mutations';
import { useInputs } from '../hooks/use-inputs';

const PAGE_SIZE = 12;

const GridSkeleton = () => (
  <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="md" aria-label="Loading your images">
    {Array.from({ length: 4 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Skeleton key={index} h={230} radius="md" />
    ))}
  </SimpleGrid>
);

/** /inputs/uploadedimages: upload pictures, preview, rename and delete them. */
export const UploadedImagesPage = () => {
  const [page, setPage] = useState(1);
  const [previewing, setPreviewing] = useState<TInput | null>(null);
  const [renaming, setRenaming] = useState<TInput | null>(null);
  const images = useInputs({ kind: 'image', page, limit: PAGE_SIZE });
  const upload = useUploadInputs('image');
  const remove = useDeleteInput();
  const total = images.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (images.data && images.data.inputs.length === 0 && page > 1) setPage(page - 1);

  return (
    <PageShell title="Inputs" back="/inputs">
      <Stack gap="lg">
        <InputsTabs active="image" />
        <Card>
          <Stack gap="md">
            <Stack gap={0}>
              <Title order={4}>Add images</Title>
              <Text size="sm" c="dimmed">
                Pictures are kept without their hidden details (camera, place, date) and turned upright.
              </Text>
            </Stack>
            <InputDropzone
              kind="image"
              loading={upload.isPending}
              onFiles={(files) => upload.mutate(files)}
            />
          </Stack>
        </Card>
        <Card>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={4}>Your images</Title>
              {total > 0 && (
                <Text size="sm" c="dimmed">
                  {total.toLocaleString()} in all
                </Text>
              )}
            </Group>
            {images.isLoading ? (
              <GridSkeleton />
            ) : images.isError && !images.data ? (
              <LoadFailed what="your images" onRetry={() => void images.refetch()} />
            ) : total === 0 ? (
              <EmptyState
                icon={IconPhoto}
                title="No images yet"
                hint="Upload your logo, product shots or team photos to have them at hand."
              />
            ) : (
              <>
                <ImageGrid
                  inputs={images.data?.inputs ?? []}
                  onPreview={setPreviewing}
                  onRename={setRenaming}
                  onDownload={(input) => void downloadInput(input)}
                  onDelete={(input) => confirmDeleteInput(input, () => remove.mutate(input.id))}
                />
                {pages > 1 && (
                  <Group justify="center">
                    <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
                  </Group>
                )}
              </>
            )}
          </Stack>
        </Card>
      </Stack>
      <ImagePreviewModal input={previewing} onClose={() => setPreviewing(null)} />
      <RenameInputModal input={renaming} onClose={() => setRenaming(null)} />
    </PageShell>
  );
};
