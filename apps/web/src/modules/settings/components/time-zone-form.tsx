import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconWorld } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useUpdateMe } from '../hooks/use-update-me';
import { BROWSER_ZONE, filterTimeZones, timeZoneOptions } from './time-zone-options';

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The zone the calendar shows and reads times in (PUT /api/me time_zone). Unset means the browser's zone,
 * which moves with the laptop; a chosen zone stays put when travelling.
 */
export const TimeZoneForm = ({ timeZone }: { timeZone: string | null }) => {
  const update = useUpdateMe();
  const saved = timeZone ?? BROWSER_ZONE;
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const options = useMemo(() => timeZoneOptions(timeZone, browserZone()), [timeZone]);

  return (
    <Card>
      <Stack gap={4} mb="md">
        <Title order={4}>Time zone</Title>
        <Text size="sm" c="dimmed">
          The calendar shows your scheduled posts, and reads the times you pick, in this zone.
        </Text>
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ time_zone: value === BROWSER_ZONE ? null : value });
        }}
        noValidate
      >
        <Stack gap="md">
          <Select
            label="Time zone"
            data={options}
            value={value}
            onChange={(next) => setValue(next ?? BROWSER_ZONE)}
            searchable
            filter={filterTimeZones}
            allowDeselect={false}
            nothingFoundMessage="No zone by that name"
            maxDropdownHeight={280}
            leftSection={<IconWorld size={16} />}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={value === saved}
              leftSection={<IconDeviceFloppy size={18} />}
            >
              Save time zone
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
