import { Card, Center, Loader, Stack, Title } from '@mantine/core';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { AiPurposesTable } from '../components/ai-purposes-table';
import { BuiltInModelCard } from '../components/built-in-model-card';
import { ModelTestCard } from '../components/model-test-card';
import {
  useAdminAiModel,
  useCancelModelDownload,
  useDeleteModelFile,
  useStartModelDownload,
  useTestModel,
} from '../hooks/use-admin-ai-model';

/**
 * /admin/ai-model: which provider serves each purpose of the AI, the built-in model (download it with
 * progress, cancel, resume, delete), and a test prompt with its speed.
 */
export const AiModelPage = () => {
  const status = useAdminAiModel();
  const start = useStartModelDownload();
  const cancel = useCancelModelDownload();
  const remove = useDeleteModelFile();
  const test = useTestModel();
  const content = status.data?.purposes.find((each) => each.purpose === 'content');
  return (
    <PageShell
      title="AI model"
      description="What writes content, campaign messages and chat answers on this server, and the built-in model that runs on the server itself: download it once and AI writing works without any outside service."
    >
      {status.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the AI model" />
        </Center>
      ) : !status.data ? (
        <Card withBorder radius="lg">
          <LoadFailed what="the AI model" onRetry={() => status.refetch()} />
        </Card>
      ) : (
        <Stack gap="lg">
          <Card withBorder radius="lg" padding="lg" component="section" aria-label="Who serves each purpose">
            <Stack gap="sm">
              <Title order={3}>Who serves each purpose</Title>
              <AiPurposesTable purposes={status.data.purposes} />
            </Stack>
          </Card>
          <BuiltInModelCard
            model={status.data.built_in}
            onStart={() => start.mutate()}
            onCancel={() => cancel.mutate()}
            onDelete={() => remove.mutate()}
            busy={{ starting: start.isPending, cancelling: cancel.isPending, deleting: remove.isPending }}
          />
          <ModelTestCard
            provider={content && content.kind !== 'no_model' ? content.provider : null}
            onTest={(prompt) => test.mutate({ prompt })}
            testing={test.isPending}
            result={test.data}
          />
        </Stack>
      )}
    </PageShell>
  );
};
