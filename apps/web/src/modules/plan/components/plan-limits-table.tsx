import { Badge, Table, Text } from '@mantine/core';
import { PLAN_LIMITS, type TSubscriptionType } from '@sales-assist/contract';

type TLimitKey = keyof (typeof PLAN_LIMITS)['Premium'];

const LIMIT_LABELS: Record<TLimitKey, string> = {
  blogs_limit: 'Blog posts',
  blogs_topic_limit: 'Blog topic ideas',
  google_ads_limit: 'Google Ads',
  social_media_posts_limit: 'Social media posts',
};

const TIERS: TSubscriptionType[] = ['Basic', 'Premium'];

/** Spec §9 limits for both tiers, the current one highlighted. */
export const PlanLimitsTable = ({ current }: { current: TSubscriptionType }) => (
  <Table verticalSpacing="sm" withTableBorder withColumnBorders>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Included</Table.Th>
        {TIERS.map((tier) => (
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
          {TIERS.map((tier) => (
            <Table.Td
              key={tier}
              ta="center"
              bg={tier === current ? 'blue.0' : undefined}
              fw={tier === current ? 700 : 400}
            >
              {PLAN_LIMITS[tier][key]}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
