import { Anchor, Card, Group, Stack, Stepper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { TWizardStep, TWizardStepProps } from '../lib/campaign-draft';
import { CampaignDetailsStep } from './campaign-details-step';
import { ChannelStep } from './channel-step';
import { DetailsStep } from './details-step';
import { SelectListStep } from './select-list-step';
import { VerifyStep } from './verify-step';
import { WorkflowStep } from './workflow-step';

const STEP_LABELS = ['Channel', 'Lists', 'Workflow', 'Details', 'Verify', 'Review'] as const;

type TCampaignWizardProps = TWizardStepProps & { step: TWizardStep; onExit: () => void };

const StepContent = ({ step, ...props }: TWizardStepProps & { step: TWizardStep }) => {
  switch (step) {
    case 1:
      return <ChannelStep {...props} />;
    case 2:
      return <SelectListStep {...props} />;
    case 3:
      return <WorkflowStep {...props} />;
    case 4:
      return <DetailsStep {...props} />;
    case 5:
      return <VerifyStep {...props} />;
    default:
      return null;
  }
};

/**
 * The six-step wizard (spec §2). Steps 1–5 build the draft and may be revisited from the stepper;
 * once the campaign exists (step 6) there is no way back into the draft, only to the list.
 */
export const CampaignWizard = ({ step, onExit, ...props }: TCampaignWizardProps) => {
  const created = step === 6;
  const campaignId = props.draft.campaignId;
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <Anchor component="button" type="button" size="sm" onClick={onExit} w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} />
          Back to your campaigns
        </Group>
      </Anchor>
      <Card padding="md">
        <Stepper
          active={created ? STEP_LABELS.length : step - 1}
          onStepClick={(index) => !created && index < step - 1 && props.goTo((index + 1) as TWizardStep)}
          size="sm"
          aria-label="Campaign steps"
        >
          {STEP_LABELS.map((label, index) => (
            <Stepper.Step
              key={label}
              label={label}
              description={`Step ${index + 1}`}
              allowStepSelect={!created && index < step - 1}
            />
          ))}
        </Stepper>
      </Card>
      {created && campaignId !== null ? (
        <CampaignDetailsStep campaignId={campaignId} />
      ) : (
        <StepContent step={step} {...props} />
      )}
    </Stack>
  );
};
