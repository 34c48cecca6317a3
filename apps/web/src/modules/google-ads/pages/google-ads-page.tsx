import { Alert, Button, Skeleton, Stack, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api/api-error';
import { PageShell } from '../../../ui/page-shell';
import { usePlanUsage } from '../../plan/hooks/use-plan-usage';
import { AdEditor } from '../components/ad-editor';
import { AdsAllowanceAlert, noAdsLeft } from '../components/ads-allowance-alert';
import { GenerateForm } from '../components/generate-form';
import { SavedAds } from '../components/saved-ads';
import { useCreateGoogleAd } from '../hooks/use-google-ad-mutations';
import { useGoogleAd, useGoogleAds } from '../hooks/use-google-ads';

const positive = (value: string | null): number | null => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : null;
};

/**
 * Spec §2 advertising/google-ads (inside the Ads layout): a responsive search ad for a landing page and
 * keywords, the ad editor with live counters and a preview (?ad=id, so a reload or History reopens it),
 * and the saved ads.
 */
export const GoogleAdsPage = () => {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page')) ?? 1;
  const openId = positive(params.get('ad'));
  const ads = useGoogleAds(page);
  const open = useGoogleAd(openId);
  const create = useCreateGoogleAd();
  const usage = usePlanUsage().data;

  const setParam = (name: 'page' | 'ad', value: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || (name === 'page' && value === 1)) next.delete(name);
      else next.set(name, String(value));
      return next;
    });

  const openMissing = open.error instanceof ApiError && open.error.status === 404;
  return (
    <PageShell
      title="Google Ads"
      description="Responsive search ads for a landing page and your keywords: up to 15 headlines of 30 characters, 4 descriptions of 90 and 2 display paths of 15, each checked as you type, with a live preview. Export them for Google Ads Editor."
      actions={
        <Button component={Link} to="/history" variant="default" leftSection={<IconHistory size={18} />}>
          History
        </Button>
      }
    >
      {usage && noAdsLeft(usage) && <AdsAllowanceAlert usage={usage} />}
      <GenerateForm
        unavailable={noAdsLeft(usage)}
        pending={create.isPending}
        error={create.error}
        onGenerate={(request) => create.mutate(request, { onSuccess: (ad) => setParam('ad', ad.id) })}
      />
      {openId !== null && (
        <Stack gap="sm" component="section" aria-label="Ad editor" mt="md">
          <Title order={3}>Your ad</Title>
          {open.isLoading && <Skeleton h={360} radius="lg" />}
          {openMissing && (
            <Alert color="red" variant="light" radius="lg" title="Ad not found">
              This ad does not exist or was deleted.
            </Alert>
          )}
          {open.isError && !openMissing && (
            <Alert color="red" variant="light" radius="lg" title="The ad could not be loaded">
              <Button variant="light" size="xs" mt="xs" onClick={() => open.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          {open.data && <AdEditor key={open.data.id} ad={open.data} onDeleted={() => setParam('ad', null)} />}
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-label="Saved ads" mt="xl">
        <Title order={3}>Saved ads</Title>
        <SavedAds
          data={ads.data}
          loading={ads.isLoading}
          failed={ads.isError}
          onRetry={() => ads.refetch()}
          page={page}
          onPage={(next) => setParam('page', next)}
          onOpen={(id) => setParam('ad', id)}
          openId={openId}
        />
      </Stack>
    </PageShell>
  );
};
