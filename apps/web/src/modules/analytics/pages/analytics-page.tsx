import { Tabs } from '@mantine/core';
import { IconCalendarStats, IconSend } from '@tabler/icons-react';
import { PageShell } from '../../../ui/page-shell';
import { ContentTab } from '../components/content-tab';
import { OutreachTab } from '../components/outreach-tab';

/** /analytics: how the outreach is doing and what was published, counted by the server. */
export const AnalyticsPage = () => (
  <PageShell
    title="Analytics"
    description="Your LinkedIn outreach in figures (how many leads each stage reached, acceptance and reply rates, per campaign, account, template and tone) and what was published on each network, week by week."
  >
    <Tabs defaultValue="outreach" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="outreach" leftSection={<IconSend size={16} />}>
          Outreach
        </Tabs.Tab>
        <Tabs.Tab value="content" leftSection={<IconCalendarStats size={16} />}>
          Content
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="outreach">
        <OutreachTab />
      </Tabs.Panel>
      <Tabs.Panel value="content">
        <ContentTab />
      </Tabs.Panel>
    </Tabs>
  </PageShell>
);
