import { Anchor, Badge, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconCrown, IconWorldWww } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_COMPANY_NAME } from '../../../app/session/session';
import { useSession } from '../../../app/session/session-store';
import { useMe } from '../../../app/session/use-me';
import { PageShell } from '../../../ui/page-shell';
import { StatCard } from '../../../ui/stat-card';
import { TAGLINE } from '../../../ui/tagline';
import { FeatureTiles } from '../components/feature-tiles';
import { NextPostsCard } from '../components/next-posts-card';
import { OutreachWeekCard } from '../components/outreach-week-card';

/** The user dashboard at /: welcome, plan, credits and website (from /api/me), then the sub-navigation. */
export const UserDashboardPage = () => {
  const session = useSession();
  const me = useMe().data;
  const account = me ?? session;
  if (!account) return null;
  const name = account.companyName !== DEFAULT_COMPANY_NAME ? account.companyName : account.email;
  return (
    <PageShell title="Dashboard" description={TAGLINE}>
      <Stack gap="xl">
        <Stack gap={2}>
          <Title order={3}>Welcome back, {name}!</Title>
          <Text c="dimmed">Here is where your marketing and outreach stand today.</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <StatCard
            label="Current plan"
            value={
              // lg: "PREMIUM" keeps its whole word beside the card's icon in a third of 1024 px.
              <Badge size="lg" variant="light">
                {account.subscription_type}
              </Badge>
            }
            icon={IconCrown}
            color="indigo"
            footer={
              <Anchor component={Link} to="/plan" size="sm">
                View plan limits
              </Anchor>
            }
          />
          <StatCard
            label="Credits"
            value={account.credits.toLocaleString()}
            icon={IconCoins}
            color="yellow"
          />
          <StatCard
            label="Website"
            value={account.website_name ?? 'Not added yet'}
            icon={IconWorldWww}
            color="teal"
            footer={
              account.website_url ? (
                <Anchor href={account.website_url} target="_blank" rel="noreferrer" size="sm" truncate>
                  {account.website_url}
                </Anchor>
              ) : (
                <Button component={Link} to="/website" size="xs" variant="light">
                  Add your website
                </Button>
              )
            }
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <OutreachWeekCard />
          <NextPostsCard />
        </SimpleGrid>
        <Stack gap="sm">
          <Title order={4}>What would you like to create?</Title>
          <FeatureTiles />
        </Stack>
      </Stack>
    </PageShell>
  );
};
