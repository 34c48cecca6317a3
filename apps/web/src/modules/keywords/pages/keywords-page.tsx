import { Alert, Grid, Progress, Stack, Text } from '@mantine/core';
import {
  KEYWORD_MESSAGES,
  MODEL_SETUP,
  type TKeywordIdea,
  type TKeywordIdeasRequest,
  type TKeywordListSummary,
} from '@sales-assist/contract';
import { IconAlertTriangle, IconPlugConnectedX, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/session-store';
import { useMe } from '../../../app/session/use-me';
import { AdminSetupHint } from '../../../ui/admin-setup-hint';
import { EmptyState } from '../../../ui/empty-state';
import { PageShell } from '../../../ui/page-shell';
import { IdeaResults } from '../components/idea-results';
import { IdeasForm } from '../components/ideas-form';
import { ListKeywordsModal } from '../components/list-keywords-modal';
import { ProviderNote } from '../components/provider-note';
import { SaveSelection } from '../components/save-selection';
import { SavedListsPanel } from '../components/saved-lists-panel';
import { useKeywordIdeas, useMetricsProvider } from '../hooks/use-keyword-ideas';
import { useCreateKeywordList } from '../hooks/use-keyword-lists';

/**
 * Spec §2 /advertising and /advertising/keywords: keyword ideas from the brand profile and seed terms,
 * grouped by theme with intent and our relevance; metrics only from a provider (else a plain note);
 * picked keywords saved as lists for blogs and ads. `?list=ID` opens a saved list (History reopens it so).
 */
export const KeywordsPage = () => {
  const session = useSession();
  const account = useMe().data ?? session;
  const hasWebsite = Boolean(account?.website_url);
  const provider = useMetricsProvider();
  const ideas = useKeywordIdeas();
  const create = useCreateKeywordList();
  const [selected, setSelected] = useState<Map<string, TKeywordIdea>>(new Map());
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('list')) || null;
  const [opened, setOpened] = useState<Pick<TKeywordListSummary, 'id' | 'name'> | null>(null);
  const openList = openId ? (opened?.id === openId ? opened : { id: openId, name: 'Keyword list' }) : null;

  const generate = (request: TKeywordIdeasRequest) => {
    setSelected(new Map());
    ideas.mutate(request);
  };
  const toggle = (idea: TKeywordIdea, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(idea.text, idea);
      else next.delete(idea.text);
      return next;
    });
  const save = (name: string) =>
    create.mutateAsync(
      {
        name,
        keywords: [...selected.values()].map(({ source: _source, ...keyword }) => keyword),
        writer: ideas.data?.writer ?? 'offline',
      },
      { onSuccess: () => setSelected(new Map()) },
    );
  const setListParam = (list: Pick<TKeywordListSummary, 'id' | 'name'> | null) => {
    setOpened(list);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (list) next.set('list', String(list.id));
        else next.delete('list');
        return next;
      },
      { replace: true },
    );
  };

  const answer = ideas.data;
  const note = answer ? answer.metrics.note : provider.data?.provider === null ? provider.data.note : null;

  return (
    <PageShell
      title="Keywords"
      description="Find the searches your customers make, grouped by theme and search intent. Save the ones you want as lists and use them in your blog posts and Google Ads."
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <IdeasForm hasWebsite={hasWebsite} pending={ideas.isPending} onGenerate={generate} />
            {note && <ProviderNote note={note} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SavedListsPanel onOpen={(list) => setListParam(list)} />
        </Grid.Col>
      </Grid>
      {/* The results take the whole width: with metrics a row has seven columns. */}
      <Stack gap="md" mt="lg">
        {ideas.isPending ? (
          <Stack gap={6} aria-live="polite">
            <Text size="sm" c="dimmed">
              Finding keyword ideas…
            </Text>
            <Progress value={100} animated striped aria-label="Finding keyword ideas" />
          </Stack>
        ) : ideas.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="No ideas this time">
            {ideas.error.message || KEYWORD_MESSAGES.ideasFailed}
          </Alert>
        ) : answer ? (
          <>
            {answer.writer === 'offline' && (
              <Alert
                variant="light"
                color="yellow"
                radius="lg"
                icon={<IconPlugConnectedX />}
                title="Offline ideas"
              >
                {answer.fallback_reason ? (
                  `The AI model was not available (${answer.fallback_reason}): these ideas come from your own words.`
                ) : (
                  <>
                    {`These ideas come from your brand profile, seed terms and pages, without an AI model. ${MODEL_SETUP.writingMissing}`}
                    <AdminSetupHint hint={MODEL_SETUP.writingAdminHint} />
                  </>
                )}
              </Alert>
            )}
            <IdeaResults answer={answer} selected={new Set(selected.keys())} onToggle={toggle} />
            <SaveSelection
              count={selected.size}
              saving={create.isPending}
              onSave={save}
              onClear={() => setSelected(new Map())}
            />
          </>
        ) : (
          <EmptyState
            icon={IconSearch}
            title="No ideas yet"
            hint="Type a few seed terms (or rely on your brand profile) and press Generate."
          />
        )}
      </Stack>
      <ListKeywordsModal list={openList} onClose={() => setListParam(null)} />
    </PageShell>
  );
};
