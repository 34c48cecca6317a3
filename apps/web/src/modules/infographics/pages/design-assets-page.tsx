import {
  Card,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  DESIGN_ASSET_KIND_LABELS,
  DESIGN_ASSET_KIND_VALUES,
  type TDesignAsset,
  type TDesignAssetKind,
} from '@sales-assist/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { AssetCard } from '../components/asset-card';
import { AssetDropzone } from '../components/asset-dropzone';
import { useDeleteAsset, useUploadAssets } from '../hooks/use-asset-mutations';
import { useDesignAssets } from '../hooks/use-design-assets';

const PAGE_SIZE = 12;

const PLURAL: Record<TDesignAssetKind, string> = {
  image: 'images',
  background: 'backgrounds',
  font: 'fonts',
};

/** /admin/upload: pictures, backgrounds and fonts for the infographic themes. */
export const DesignAssetsPage = () => {
  const [kind, setKind] = useState<TDesignAssetKind>('background');
  const [page, setPage] = useState(1);
  const assets = useDesignAssets({ kind, page, pageSize: PAGE_SIZE });
  const upload = useUploadAssets(kind);
  const remove = useDeleteAsset();
  const total = assets.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (assets.data && assets.data.assets.length === 0 && page > 1) setPage(page - 1);

  const askDelete = (asset: TDesignAsset) =>
    modals.openConfirmModal({
      title: `Delete ${asset.name}?`,
      children:
        asset.used_by.length > 0
          ? `It is used by ${asset.used_by.map((theme) => theme.name).join(', ')}, so it will be refused until those themes use another file.`
          : 'The file is removed for good.',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(asset.id),
    });

  return (
    <PageShell
      title="Upload"
      description="Images, backgrounds and fonts for the infographic themes. Files are checked by their content."
    >
      <Stack gap="lg">
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as TDesignAssetKind);
            setPage(1);
          }}
          data={DESIGN_ASSET_KIND_VALUES.map((value) => ({ value, label: DESIGN_ASSET_KIND_LABELS[value] }))}
          aria-label="Kind of file"
          w="fit-content"
        />
        <Card>
          <Stack gap="md">
            <Stack gap={0}>
              <Title order={4}>Add {PLURAL[kind]}</Title>
              <Text size="sm" c="dimmed">
                {kind === 'font'
                  ? 'A font is kept only if a sample picture can be drawn with it; its family name is read from the font.'
                  : 'Pictures are kept without their hidden details (camera, place, date) and turned upright.'}
              </Text>
            </Stack>
            <AssetDropzone kind={kind} loading={upload.isPending} onFiles={(files) => upload.mutate(files)} />
          </Stack>
        </Card>
        <Card>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={4}>Uploaded {PLURAL[kind]}</Title>
              {total > 0 && (
                <Text size="sm" c="dimmed">
                  {total.toLocaleString()} in all
                </Text>
              )}
            </Group>
            {assets.isLoading ? (
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} aria-label={`Loading the ${PLURAL[kind]}`}>
                {Array.from({ length: 4 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Skeleton key={index} h={210} radius="md" />
                ))}
              </SimpleGrid>
            ) : assets.isError && !assets.data ? (
              <LoadFailed what={`the ${PLURAL[kind]}`} onRetry={() => void assets.refetch()} />
            ) : total === 0 ? (
              <EmptyState
                icon={IconPhoto}
                title={`No ${PLURAL[kind]} yet`}
                hint="Upload files to use them in the themes."
              />
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="md">
                  {assets.data?.assets.map((asset) => (
                    <AssetCard key={asset.id} asset={asset} onDelete={() => askDelete(asset)} />
                  ))}
                </SimpleGrid>
                {pages > 1 && (
                  <Group justify="center">
                    <Pagination value={page} onChange={setPage} total={pages} aria-label="Pages" />
                  </Group>
                )}
              </>
            )}
          </Stack>
        </Card>
      </Stack>
    </PageShell>
  );
};
