import { Alert, Anchor, Button, Drawer, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { TCampaignLead } from '@sales-assist/contract';
import {
  IconCheck,
  IconExternalLink,
  IconInfoCircle,
  IconPencil,
  IconPlayerSkipForward,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ProfileAvatar } from '../../../ui/profile-avatar';
import { useCampaignLead } from '../hooks/use-campaign-lead';
import {
  useApproveLeadMessage,
  useSkipLeadMessage,
  useUpdateLeadMessages,
} from '../hooks/use-lead-message-actions';
import { ApprovalBadge } from './approval-badge';
import { LeadActivity } from './lead-activity';
import { LeadMessagesEditor, LeadMessagesView } from './lead-messages';
import { LeadStatusBadge } from './lead-status-badge';

type TLeadPanelProps = { lead: TCampaignLead | null; live: boolean; onClose: () => void };

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs">
    <Text size="xs" tt="uppercase" fw={700} c="dimmed">
      {title}
    </Text>
    {children}
  </Stack>
);

const LeadPanelBody = ({ row, live }: { row: TCampaignLead; live: boolean }) => {
  const detail = useCampaignLead(row.ID, { live });
  const [editing, setEditing] = useState(false);
  const update = useUpdateLeadMessages();
  const approve = useApproveLeadMessage();
  const skip = useSkipLeadMessage();
  const lead = detail.data?.lead ?? row;
  const messages = detail.data?.messages ?? null;
  const busy = approve.isPending || skip.isPending || update.isPending;

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ProfileAvatar src={lead['Profile Image URL']} name={lead.Leads} />
        <Stack gap={4} miw={0}>
          <Text fw={700}>{lead.Leads}</Text>
          {lead.Headline && (
            <Text size="sm" c="dimmed">
              {lead.Headline}
            </Text>
          )}
          <Group gap="xs">
            <LeadStatusBadge status={lead.Status} />
            <ApprovalBadge approval={lead.Approval} />
            {lead['Linkedin URL'] && (
              <Anchor href={lead['Linkedin URL']} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} wrap="nowrap">
                  LinkedIn profile
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Group>
        </Stack>
      </Group>
      {detail.data?.status_reason && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />} title="Status reason">
          {detail.data.status_reason}
        </Alert>
      )}
      <Tabs defaultValue="messages" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="messages">Messages</Tabs.Tab>
          <Tabs.Tab value="activity">
            Activity{detail.data ? ` (${detail.data.activity.length})` : ''}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages" pt="md">
          <Stack gap="lg">
            {detail.isPending ? (
              <Loader size="sm" type="dots" aria-label="Loading messages" />
            ) : messages === null ? (
              <Group gap="xs">
                <Loader size="xs" type="dots" />
                <Text size="sm" c="dimmed">
                  The messages for this lead are still being written…
                </Text>
              </Group>
            ) : editing ? (
              <LeadMessagesEditor
                messages={messages}
                saving={update.isPending}
                onCancel={() => setEditing(false)}
                onSave={(changed) =>
                  update.mutate({ id: lead.ID, ...changed }, { onSuccess: () => setEditing(false) })
                }
              />
            ) : (
              <>
                <Group gap="sm">
                  <Button
                    variant="default"
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setEditing(true)}
                    disabled={busy}
                  >
                    Edit Message
                  </Button>
                  <Button
                    variant="light"
                    color="gray"
                    leftSection={<IconPlayerSkipForward size={16} />}
                    onClick={() => skip.mutate(lead.ID)}
                    loading={skip.isPending}
                    disabled={busy || lead.Approval === 'Skipped'}
                  >
                    Skip Message
                  </Button>
                  <Button
                    color="teal"
                    leftSection={<IconCheck size={16} />}
                    onClick={() => approve.mutate(lead.ID)}
                    loading={approve.isPending}
                    disabled={busy || lead.Approval === 'Approved'}
                  >
                    Approve Message
                  </Button>
                </Group>
                <LeadMessagesView messages={messages} />
              </>
            )}
            {detail.data?.comment && (
              <Section title="Comment on the recent post">
                <Paper withBorder p="sm" radius="md" bg="gray.0">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {detail.data.comment}
                  </Text>
                </Paper>
              </Section>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          {detail.data ? <LeadActivity activity={detail.data.activity} /> : <Loader size="sm" type="dots" />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};

/** The side panel of one lead: its messages (edit, skip, approve), the comment and what was done. */
export const LeadPanel = ({ lead, live, onClose }: TLeadPanelProps) => (
  <Drawer
    opened={lead !== null}
    onClose={onClose}
    position="right"
    size="lg"
    title={<Text fw={700}>Lead messages</Text>}
  >
    {lead && <LeadPanelBody key={lead.ID} row={lead} live={live} />}
  </Drawer>
);
