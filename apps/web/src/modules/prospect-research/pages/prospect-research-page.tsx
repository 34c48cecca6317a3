import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type TLeadResearch, type TResearchLeadMatch, ZWebsiteUrl } from '@sales-assist/contract';
import { IconAlertTriangle, IconRefresh, IconUserSearch, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { LeadPicker } from '../components/lead-picker';
import { ListResearchPanel } from '../components/list-research-panel';
import { ResearchCard } from '../components/research-card';
import { ResearchProgress } from '../components/research-progress';
import { useLeadResearch, useResearchLead } from '../hooks/use-lead-research';

type TLeadResearchViewProps = {
  leadId: number;
  saved: TLeadResearch | null;
  /** The lead as the search listed it, to name it before its first card. */
  picked: TResearchLeadMatch | null;
};

/** One lead: the website field and Research (again), the progress while it runs, then the card. */
const LeadResearchView = ({ leadId, saved, picked }: TLeadResearchViewProps) => {
  const research = useResearchLead();
  const [website, setWebsite] = useState(saved?.website ?? '');
  const [websiteError, setWebsiteError] = useState<string | null>(null);

  const run = () => {
    const typed = website.trim();
    if (typed) {
      const checked = ZWebsiteUrl.safeParse(typed);
      if (!checked.success) {
        setWebsiteError(checked.error.issues[0]?.message ?? 'Please enter a valid website URL');
        return;
      }
    }
    setWebsiteError(null);
    research.mutate(typed ? { leadId, website: typed } : { leadId });
  };

  const card = research.data ?? saved;
  const failure = research.error && isApiError(research.error) ? research.error.message : null;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            style={{ flex: 1, minWidth: 220 }}
            label="Company website"
            description="Optional: the lead’s company site, read for what it does and for whom"
            placeholder="https://company.com"
            leftSection={<IconWorld size={16} />}
            value={website}
            error={websiteError}
            onChange={(event) => setWebsite(event.currentTarget.value)}
            disabled={research.isPending}
          />
          <Button
            leftSection={card ? <IconRefresh size={16} /> : <IconUserSearch size={16} />}
            loading={research.isPending}
            onClick={run}
          >
            {card ? 'Research again' : 'Research'}
          </Button>
        </Group>
      </Paper>
      {failure && !research.isPending && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Research could not be done">
          {failure}
        </Alert>
      )}
      {research.isPending ? (
        <ResearchProgress hasWebsite={website.trim() !== ''} />
      ) : card ? (
        <ResearchCard research={card} />
      ) : (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={IconUserSearch}
            title={picked ? `${picked.name || 'This lead'} is not researched yet` : 'Not researched yet'}
            hint={
              <Text span size="sm" c="dimmed">
                Research reads the lead’s LinkedIn profile and recent posts through your LinkedIn account (one
                profile view), and the company website if you give it.
              </Text>
            }
            action={
              <Button
                mt="xs"
                leftSection={<IconUserSearch size={16} />}
                onClick={run}
                loading={research.isPending}
              >
                Research
              </Button>
            }
          />
        </Paper>
      )}
    </Stack>
  );
};

/**
 * Prospect Research (/prospect-research, `?lead=ID` opens a lead): pick one of your leads, research it (its
 * LinkedIn profile and recent posts, and its company's site when you give it), and read the card with the
 * source of every point; or research a whole list in the background.
 */
export const ProspectResearchPage = () => {
  const [params, setParams] = useSearchParams();
  const leadId = Number(params.get('lead')) || null;
  const saved = useLeadResearch(leadId);
  const [picked, setPicked] = useState<TResearchLeadMatch | null>(null);

  return (
    <PageShell
      title="Prospect Research"
      description="A research card on a lead before you write: their role, what their company does and for whom, what they post about, talking points and an opening line, each with the source it comes from."
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <LeadPicker
              selectedId={leadId}
              onPick={(lead) => {
                setPicked(lead);
                setParams({ lead: String(lead.id) });
              }}
            />
            <ListResearchPanel />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {leadId === null ? (
            <Paper withBorder radius="lg">
              <EmptyState
                icon={IconUserSearch}
                title="Choose a lead to research"
                hint="Search your leads on the left, or use Research on a lead in Outreach → Leads."
              />
            </Paper>
          ) : saved.isPending ? (
            <Paper withBorder radius="lg" p="lg" aria-busy="true">
              <Stack gap="sm">
                <Skeleton height={24} width="50%" />
                <Skeleton height={14} width="80%" />
                <Skeleton height={120} />
              </Stack>
            </Paper>
          ) : saved.isError ? (
            <Paper withBorder radius="lg">
              <LoadFailed what="this lead" onRetry={() => void saved.refetch()} />
            </Paper>
          ) : (
            // A lead of its own: the website field starts from the site its card read, the last failure is forgotten.
            <LeadResearchView
              key={leadId}
              leadId={leadId}
              saved={saved.data ?? null}
              picked={picked?.id === leadId ? picked : null}
            />
          )}
        </Grid.Col>
      </Grid>
    </PageShell>
  );
};
