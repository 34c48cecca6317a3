import { Alert, Button, Group, Text } from '@mantine/core';
import type { TPlanUsageResponse } from '@sales-assist/contract';
import { IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dayOf } from '../../plan/lib/day-of';

/** Whether the plan leaves no ad to write this period (Basic includes none): the form is then of no use. */
export const noAdsLeft = (usage: TPlanUsageResponse | undefined): boolean =>
  usage !== undefined && usage.currentData.google_ads_limit >= usage.totalData.google_ads_limit;

/**
 * Said above the form, before anything is typed, when the plan writes no ad now: Basic includes no Google
 * Ads (spec §9), and a plan whose ads are used up waits for the next period. The server refuses the same
 * with the premium pop-up; this spares the person filling a form that cannot be sent.
 */
export const AdsAllowanceAlert = ({ usage }: { usage: TPlanUsageResponse }) => {
  const limit = usage.totalData.google_ads_limit;
  const tier = usage.subscription_type;
  const included = limit > 0;
  return (
    <Alert
      variant="light"
      color={included ? 'orange' : 'indigo'}
      radius="lg"
      mb="md"
      icon={<IconCrown />}
      title={included ? 'No Google Ads left this month' : `Google Ads are not part of the ${tier} plan`}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text size="sm" maw={620}>
          {included
            ? `You have written all ${limit.toLocaleString('en-US')} Google Ads your ${tier} plan includes this month. The count starts again on ${dayOf(usage.resets_on)}.`
            : 'Upgrade to Premium to write responsive search ads for your landing pages and keywords.'}
        </Text>
        <Button component={Link} to="/plan" size="sm" leftSection={<IconCrown size={16} />}>
          {included ? 'See your plan' : 'Upgrade your plan'}
        </Button>
      </Group>
    </Alert>
  );
};
