import { Badge, Group, SegmentedControl, Text } from '@mantine/core';
import type { TBillingInterval } from '@sales-assist/contract';

type TIntervalSwitchProps = {
  value: TBillingInterval;
  onChange: (interval: TBillingInterval) => void;
  /** The best annual saving in percent, shown beside the switch (null: none). */
  annualSavingPercent: number | null;
};

/** Monthly or annual prices (a radio group: arrow keys move between the two). */
export const IntervalSwitch = ({ value, onChange, annualSavingPercent }: TIntervalSwitchProps) => (
  <Group gap="sm" justify="center">
    <SegmentedControl
      aria-label="Billing period"
      radius="xl"
      size="md"
      value={value}
      onChange={(next) => onChange(next as TBillingInterval)}
      data={[
        { value: 'month', label: 'Monthly' },
        { value: 'year', label: 'Annual' },
      ]}
    />
    {annualSavingPercent !== null && (
      <Badge variant="light" color="teal" size="lg">
        <Text span size="sm" fw={600}>
          Annual: save {annualSavingPercent}%
        </Text>
      </Badge>
    )}
  </Group>
);
