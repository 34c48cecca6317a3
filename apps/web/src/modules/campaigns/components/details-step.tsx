import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CAMPAIGN_GOALS,
  CAMPAIGN_NAME_MAX,
  ENGAGEMENT_WINDOWS,
  MESSAGE_TONES,
  type TMessageTemplate,
} from '@sales-assist/contract';
import { useState } from 'react';
import { toast } from '../../../app/api/toast';
import {
  detailsProblem,
  type TCampaignGoal,
  type TMessageTone,
  type TWizardStepProps,
} from '../lib/campaign-draft';
import { StepFrame } from './step-frame';
import { TemplateCards } from './template-cards';
import { TemplateSampleDrawer } from './template-sample-drawer';

const ENGAGEMENT_OPTIONS = ENGAGEMENT_WINDOWS.map((window) => ({
  value: String(window.value),
  label: window.label,
}));

/** Step 4 "Set the Campaign Details": Continue checks them in the spec's order (§5). */
export const DetailsStep = ({ draft, onDraftChange, goTo }: TWizardStepProps) => {
  const [sample, setSample] = useState<TMessageTemplate | null>(null);

  const onContinue = () => {
    const problem = detailsProblem(draft);
    if (problem) return toast('error', problem);
    goTo(5);
  };

  return (
    <StepFrame
      title="Set the Campaign Details"
      description="Name the campaign and tell the writer what the messages should achieve and how they should sound."
      onBack={() => goTo(3)}
      onContinue={onContinue}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Campaign name"
          placeholder="e.g. Q3 founders in fintech"
          value={draft.campaignName}
          maxLength={CAMPAIGN_NAME_MAX}
          onChange={(event) => onDraftChange({ campaignName: event.currentTarget.value })}
          data-autofocus
        />
        <Select
          label="Campaign goal"
          placeholder="Select a campaign goal"
          data={CAMPAIGN_GOALS}
          value={draft.campaignGoal}
          onChange={(value) => onDraftChange({ campaignGoal: value as TCampaignGoal | null })}
          clearable
        />
        <Select
          label="Tone of messages"
          placeholder="Select a tone"
          data={MESSAGE_TONES}
          value={draft.toneOfMessage}
          onChange={(value) => onDraftChange({ toneOfMessage: value as TMessageTone | null })}
          clearable
        />
        <Select
          label="Engage with lead's recent post from"
          placeholder="Select the days"
          data={ENGAGEMENT_OPTIONS}
          value={draft.engageWithLeadsPost === null ? null : String(draft.engageWithLeadsPost)}
          onChange={(value) => onDraftChange({ engageWithLeadsPost: value === null ? null : Number(value) })}
          clearable
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Text fw={600}>Message template</Text>
        <TemplateCards
          selected={draft.selectedTemplate}
          ownSelected={draft.ownTemplate}
          onSelect={(selectedTemplate) => onDraftChange({ selectedTemplate, ownTemplate: null })}
          onSelectOwn={(ownTemplate) => onDraftChange({ ownTemplate, selectedTemplate: null })}
          onViewSample={setSample}
        />
      </Stack>
      <TemplateSampleDrawer
        template={sample}
        selected={sample !== null && draft.selectedTemplate?.id === sample.id}
        onClose={() => setSample(null)}
        onSelect={(selectedTemplate) => onDraftChange({ selectedTemplate, ownTemplate: null })}
      />
    </StepFrame>
  );
};
