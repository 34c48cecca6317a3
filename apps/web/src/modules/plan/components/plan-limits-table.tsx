import { Badge, Group, Progress, Table, Text } from '@mantine/core';
import {
  AI_BUDGET_MESSAGES,
  PLAN_LIMITS,
  type TPlanUsageResponse,
  type TSubscriptionType,
} from '@sales-assist/contract';

type TLimitKey = keyof (typeof PLAN_LIMITS)['Premium'];

const LIMIT_LABELS: Record<TLimitKey, string> = {
  blogs_limit: 'Blog posts',
  blogs_topic_limit: 'Blog topic ideas',
  google_ads_limit: 'Google Ads',
  social_media_posts_limit: 'Social media posts',
};

type TTierLimits = {
  tier: TSubscriptionType;
  limits: Record<TLimitKey, number>;
  /** AI requests a period; null: unlimited; undefined: not known (spec §9 has no such limit). */
  aiRequests?: number | null;
};

const allowanceText = (limit: number | null | undefined): string =>
  limit === undefined ? '—' : limit === null ? 'Unlimited' : limit.toLocaleString('en');

/** Spec §9's table, until the plans (which an admin may edit) are loaded from the server. */
const SPEC_TIERS: TTierLimits[] = (['Basic', 'Premium'] as const).map((tier) => ({
  tier,
  limits: PLAN_LIMITS[tier],
}));

/** used / total for one limit, red once nothing is left. */
const UsedOfTotal = ({ used, total }: { used: number; total: number }) => {
  const left = Math.max(total - used, 0);
  return (
    <Group gap="xs" wrap="nowrap" justify="center">
      <Progress
        value={total ? Math.min((used / total) * 100, 100) : 100}
        color={left === 0 ? 'red' : 'blue'}
        w={80}
        aria-hidden
      />
      <Text size="sm" fw={600} c={left === 0 ? 'red' : undefined}>
        {used.toLocaleString('en')} / {total.toLocaleString('en')}
      </Text>
    </Group>
  );
};

/**
 * The limits of each tier (`tiers`: the plans on sale, else spec §9's), the current one highlighted;
 * with `usage`, a column of this period's use against the current tier's totals (spec §3 plan:
 * currentData / totalData).
 */
export const PlanLimitsTable = ({
  current,
  usage,
  tiers = SPEC_TIERS,
}: {
  current: TSubscriptionType;
  usage?: TPlanUsageResponse;
  tiers?: TTierLimits[];
}) => (
  <Table verticalSpacing="sm" withTableBorder withColumnBorders>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Included</Table.Th>
        {usage && (
          <Table.Th ta="center">
            {usage.counted_per === 'subscription_period' ? 'Used this period' : 'Used this month'}
          </Table.Th>
        )}
        {tiers.map(({ tier }) => (
          <Table.Th key={tier} ta="center" bg={tier === current ? 'blue.0' : undefined}>
            {tier}{' '}
            {tier === current && (
              <Badge size="xs" ml={4}>
                Your plan
              </Badge>
            )}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {(Object.keys(LIMIT_LABELS) as TLimitKey[]).map((key) => (
        <Table.Tr key={key}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {LIMIT_LABELS[key]}
            </Text>
          </Table.Td>
          {usage && (
            <Table.Td>
              <UsedOfTotal used={usage.currentData[key]} total={usage.totalData[key]} />
            </Table.Td>
          )}
          {tiers.map(({ tier, limits }) => (
            <Table.Td
              key={tier}
              ta="center"
              bg={tier === current ? 'blue.0' : undefined}
              fw={tier === current ? 700 : 400}
            >
              {limits[key]}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
      <Table.Tr>
        <Table.Td>
          <Text size="sm" fw={500}>
            {AI_BUDGET_MESSAGES.allowanceLabel}
          </Text>
          <Text size="xs" c="dimmed">
            Each answer the AI writes for you: chat, content, rewrites, pictures
          </Text>
        </Table.Td>
        {usage && (
          <Table.Td data-testid="ai-requests-used">
            {usage.ai_requests?.limit != null ? (
              <UsedOfTotal used={usage.ai_requests.used} total={usage.ai_requests.limit} />
            ) : (
              <Text size="sm" fw={600} ta="center">
                {usage.ai_requests ? `${usage.ai_requests.used.toLocaleString('en')} (unlimited)` : '—'}
              </Text>
            )}
          </Table.Td>
        )}
        {tiers.map(({ tier, aiRequests }) => (
          <Table.Td
            key={tier}
            ta="center"
            bg={tier === current ? 'blue.0' : undefined}
            fw={tier === current ? 700 : 400}
          >
            {allowanceText(aiRequests)}
          </Table.Td>
        ))}
      </Table.Tr>
    </Table.Tbody>
  </Table>
);
