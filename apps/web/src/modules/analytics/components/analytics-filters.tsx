import { Group, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { TAnalyticsBucket } from '@sales-assist/contract';
import { PERIOD_PRESETS, type TAnalyticsFilters, type TPeriodPreset } from '../lib/analytics-period';

type TChoice = { value: string; label: string };

type TAnalyticsFiltersProps = {
  filters: TAnalyticsFilters;
  onChange: (filters: TAnalyticsFilters) => void;
  campaigns: TChoice[];
  accounts: TChoice[];
  zone: string;
};

/** The period, the time series' unit and the campaigns and accounts to narrow to; every control works from the keyboard. */
export const AnalyticsFilters = ({
  filters,
  onChange,
  campaigns,
  accounts,
  zone,
}: TAnalyticsFiltersProps) => (
  <Stack gap={4}>
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Period"
        data={PERIOD_PRESETS.map(({ value, label }) => ({ value, label }))}
        value={filters.period}
        onChange={(value) => value && onChange({ ...filters, period: value as TPeriodPreset })}
        allowDeselect={false}
        w={170}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="analytics-bucket-label">
          Show by
        </Text>
        <SegmentedControl
          aria-labelledby="analytics-bucket-label"
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
          value={filters.bucket}
          onChange={(value) => onChange({ ...filters, bucket: value as TAnalyticsBucket })}
        />
      </Stack>
      <MultiSelect
        label="Campaigns"
        placeholder={filters.campaignIds.length === 0 ? 'All campaigns' : undefined}
        data={campaigns}
        value={filters.campaignIds}
        onChange={(campaignIds) => onChange({ ...filters, campaignIds })}
        searchable
        clearable
        maxValues={50}
        nothingFoundMessage="No campaign of that name"
        miw={240}
        maw={420}
      />
      <MultiSelect
        label="LinkedIn accounts"
        placeholder={filters.accountIds.length === 0 ? 'All accounts' : undefined}
        data={accounts}
        value={filters.accountIds}
        onChange={(accountIds) => onChange({ ...filters, accountIds })}
        clearable
        miw={200}
        maw={320}
      />
    </Group>
    <Text size="xs" c="dimmed">
      Days are counted in {zone} (Settings → My Profile → Time zone).
    </Text>
  </Stack>
);
