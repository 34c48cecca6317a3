import type { TWizardStepProps } from '../lib/campaign-draft';
import { StepFrame } from './step-frame';
import { WorkflowChart } from './workflow-chart';

/** Step 3 "Set the Campaign Workflow": the plan every lead follows, read-only. */
export const WorkflowStep = ({ goTo }: TWizardStepProps) => (
  <StepFrame
    title="Set the Campaign Workflow"
    description="Every lead of the campaign follows this plan, one week between steps. A reply ends it for that lead."
    onBack={() => goTo(2)}
    onContinue={() => goTo(4)}
  >
    <WorkflowChart />
  </StepFrame>
);
