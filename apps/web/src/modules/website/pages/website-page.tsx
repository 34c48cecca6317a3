import { Center, Paper, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../../app/session/session-store';
import { BrandLogo } from '../../../ui/brand-logo';
import { WebsiteForm } from '../components/website-form';
import { WebsiteScanStatus } from '../components/website-scan-status';
import { useAddWebsite } from '../hooks/use-add-website';
import { useSkipWebsite } from '../hooks/use-skip-website';

const AUTO_FAILED_KEY = 'sales-assist.website-auto-failed';
const DONE_DELAY_MS = 1500;

type TPhase =
  | { step: 'form' }
  | { step: 'scanning'; url: string; auto: boolean }
  | { step: 'done'; url: string };

/**
 * /website (spec §2). With a stored website it scans on open and, on failure, goes silently to
 * /loginpage. Without one it asks first; a typed address that fails comes back in the field with the
 * server's reason under it, and "Skip for now" goes on to the app without a website.
 */
export const WebsitePage = () => {
  const session = useSession();
  const navigate = useNavigate();
  const addWebsite = useAddWebsite();
  const skipWebsite = useSkipWebsite();
  const storedUrl = session?.website_url ?? '';
  // What was typed last: the form is mounted again after a failed scan and must not lose it.
  const [typedUrl, setTypedUrl] = useState(storedUrl);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<TPhase>(() =>
    storedUrl && !sessionStorage.getItem(AUTO_FAILED_KEY)
      ? { step: 'scanning', url: storedUrl, auto: true }
      : { step: 'form' },
  );
  const started = useRef(false);

  const scan = (url: string, auto: boolean, typed = url) => {
    if (!auto) setTypedUrl(typed);
    setFailure(null);
    setPhase({ step: 'scanning', url, auto });
    addWebsite.mutate(url, {
      onSuccess: () => {
        sessionStorage.removeItem(AUTO_FAILED_KEY);
        setPhase({ step: 'done', url });
        setTimeout(() => navigate('/', { replace: true }), DONE_DELAY_MS);
      },
      onError: (error) => {
        if (!auto) {
          setFailure(error.message);
          return setPhase({ step: 'form' });
        }
        sessionStorage.setItem(AUTO_FAILED_KEY, '1');
        navigate('/loginpage', { replace: true });
      },
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the automatic scan runs once, on open
  useEffect(() => {
    if (started.current || phase.step !== 'scanning') return;
    started.current = true;
    scan(phase.url, true);
  }, []);

  if (!session) return <Navigate to="/loginpage" replace />;

  return (
    <Center
      mih="100vh"
      p="md"
      style={{
        background: 'linear-gradient(180deg, var(--mantine-color-blue-0), var(--mantine-color-gray-0))',
      }}
    >
      <Stack w="100%" maw={480} gap="lg" align="center">
        <BrandLogo size="lg" />
        <Paper withBorder shadow="sm" p={36} w="100%">
          {phase.step === 'form' ? (
            <WebsiteForm
              initialUrl={typedUrl}
              failure={failure}
              pending={addWebsite.isPending}
              skipping={skipWebsite.isPending}
              onSubmit={(url, typed) => scan(url, false, typed)}
              onSkip={() =>
                skipWebsite.mutate(undefined, {
                  onSuccess: () => {
                    sessionStorage.removeItem(AUTO_FAILED_KEY);
                    navigate('/', { replace: true });
                  },
                })
              }
            />
          ) : (
            <WebsiteScanStatus
              phase={phase.step === 'done' ? 'done' : 'scanning'}
              url={phase.url}
              websiteName={addWebsite.data?.website_name}
            />
          )}
        </Paper>
      </Stack>
    </Center>
  );
};
