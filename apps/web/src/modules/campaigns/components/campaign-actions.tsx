import { Button, Group, Tooltip } from '@mantine/core';
import { CAMPAIGN_MESSAGES, type TCampaignSummary } from '@sales-assist/contract';
import { IconChecks, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useApproveAllMessages, useLaunchCampaign, usePauseCampaign } from '../hooks/use-campaign-state';
import { campaignActionOf } from '../lib/campaign-view';
import { ApproveAllDialog } from './approve-all-dialog';
import { LaunchDialog } from './launch-dialog';

/**
 * Approve All Messages, and Launch Campaign / Pause Campaign (spec §4): launching with messages
 * still waiting asks what to do with them first; pausing acts at once.
 */
export const CampaignActions = ({ campaign }: { campaign: TCampaignSummary }) => {
  const [approvingAll, setApprovingAll] = useState(false);
  const [launching, setLaunching] = useState(false);
  const approveAll = useApproveAllMessages();
  const launch = useLaunchCampaign();
  const pause = usePauseCampaign();
  const id = campaign.ID;
  const pending = campaign['Pending Approval'];
  const ready = campaign['Messages Ready'];
  const action = campaignActionOf(campaign.Status);

  const onAction = () => {
    if (action === 'Pause Campaign') return pause.mutate(id);
    if (pending > 0) return setLaunching(true);
    launch.mutate({ id });
  };
  const launchBlocked = !ready
    ? CAMPAIGN_MESSAGES.messagesLoading
    : campaign.Status === 'Finished'
      ? CAMPAIGN_MESSAGES.campaignFinished
      : campaign.Status === 'Failed'
        ? CAMPAIGN_MESSAGES.campaignFailed
        : null;

  return (
    <Group gap="sm">
      <Tooltip
        label={ready ? 'Every message is approved' : CAMPAIGN_MESSAGES.messagesLoading}
        disabled={ready && pending > 0}
        withArrow
      >
        <Button
          variant="light"
          color="teal"
          leftSection={<IconChecks size={18} />}
          disabled={!ready || pending === 0}
          onClick={() => setApprovingAll(true)}
        >
          Approve All Messages
        </Button>
      </Tooltip>
      <Tooltip label={launchBlocked} disabled={action === 'Pause Campaign' || !launchBlocked} withArrow>
        <Button
          color={action === 'Pause Campaign' ? 'orange' : 'blue'}
          leftSection={
            action === 'Pause Campaign' ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />
          }
          loading={launch.isPending || pause.isPending}
          disabled={action === 'Launch Campaign' && launchBlocked !== null}
          onClick={onAction}
        >
          {action}
        </Button>
      </Tooltip>
      <ApproveAllDialog
        opened={approvingAll}
        loading={approveAll.isPending}
        onApprove={() => approveAll.mutate(id, { onSettled: () => setApprovingAll(false) })}
        onClose={() => setApprovingAll(false)}
      />
      <LaunchDialog
        opened={launching}
        pending={pending}
        loading={launch.isPending ? (launch.variables?.unapproved ?? null) : null}
        onLaunch={(unapproved) => launch.mutate({ id, unapproved }, { onSettled: () => setLaunching(false) })}
        onClose={() => setLaunching(false)}
      />
    </Group>
  );
};
