import { Alert, Checkbox, Group, Loader, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { CAMPAIGN_MESSAGES, type TListOption } from '@sales-assist/contract';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { toast } from '../../../app/api/toast';
import { useListOptions } from '../../leads/hooks/use-list-options';
import { useCampaignLeadCount } from '../hooks/use-campaign-lead-count';
import type { TWizardStepProps } from '../lib/campaign-draft';
import { StepFrame } from './step-frame';

/** Why a list cannot take a campaign, or null when it can. */
const unavailableReason = (list: TListOption): string | null => {
  if (list.status === 'Importing...') return 'still importing';
  if (list.status === 'In a campaign') return 'already in a campaign';
  if (list.leadcount === 0) return 'no leads';
  return null;
};

const LeadCount = ({ draft }: Pick<TWizardStepProps, 'draft'>) => {
  const count = useCampaignLeadCount({
    listId: draft.selectedList,
    firstDegreeOut: draft.firstDegreeConnChecked,
    noPictureOut: draft.excludeAllProspects,
  });
  if (count.isPending) return <Loader size="sm" type="dots" aria-label="Counting leads" />;
  if (!count.data) return null;
  const { leads, total } = count.data;
  return (
    <Group gap="sm" wrap="nowrap" style={{ opacity: count.isPlaceholderData ? 0.6 : 1 }}>
      <ThemeIcon variant="light" radius="xl" size={36}>
        <IconUsers size={20} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text fw={700} fz="lg" aria-live="polite">
          {leads.toLocaleString()} leads selected
        </Text>
        {leads !== total && (
          <Text size="xs" c="dimmed">
            {(total - leads).toLocaleString()} of the list’s {total.toLocaleString()} leads left out
          </Text>
        )}
      </Stack>
    </Group>
  );
};

/** Step 2 "Create a new Outreach Campaign": the list, how many of its leads, and the two exclusions. */
export const SelectListStep = ({ draft, onDraftChange, goTo }: TWizardStepProps) => {
  const options = useListOptions();
  const lists = options.data?.lists ?? [];
  const data = lists.map((list) => {
    const reason = unavailableReason(list);
    const leads = `${list.leadcount.toLocaleString()} lead${list.leadcount === 1 ? '' : 's'}`;
    return {
      value: String(list.id),
      label: reason ? `${list.name} (${reason})` : `${list.name} · ${leads}`,
      disabled: reason !== null,
    };
  });

  const onContinue = () => {
    if (draft.selectedList === null) return toast('warning', CAMPAIGN_MESSAGES.selectList);
    goTo(3);
  };

  return (
    <StepFrame
      title="Create a new Outreach Campaign"
      description="Choose the list of leads this campaign reaches out to."
      onBack={() => goTo(1)}
      onContinue={onContinue}
    >
      <Stack gap="md" maw={560}>
        <Text fw={600}>1. Select Lists for Campaign</Text>
        <Select
          aria-label="Select Lists for Campaign"
          placeholder={options.isPending ? 'Loading your lists…' : 'Select a list from here'}
          data={data}
          value={draft.selectedList === null ? null : String(draft.selectedList)}
          onChange={(value) => onDraftChange({ selectedList: value === null ? null : Number(value) })}
          searchable
          clearable
          nothingFoundMessage={lists.length ? 'No list of that name' : 'You have no lists yet'}
          disabled={options.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        {!options.isPending && lists.length === 0 && (
          <Alert variant="light" color="yellow" icon={<IconAlertTriangle />}>
            You have no lists yet. Import leads in the Leads section first.
          </Alert>
        )}
        {draft.selectedList !== null && (
          <Stack gap="sm">
            <LeadCount draft={draft} />
            <Checkbox
              label="Exclude all 1st degree connections"
              checked={draft.firstDegreeConnChecked}
              onChange={(event) => onDraftChange({ firstDegreeConnChecked: event.currentTarget.checked })}
            />
            <Checkbox
              label="Exclude prospects with no profile picture"
              checked={draft.excludeAllProspects}
              onChange={(event) => onDraftChange({ excludeAllProspects: event.currentTarget.checked })}
            />
          </Stack>
        )}
      </Stack>
    </StepFrame>
  );
};
