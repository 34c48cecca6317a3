import { Alert, Box, LoadingOverlay, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { useIntegrations } from '../../integrations/hooks/use-integrations';
import { CalendarEmpty } from '../components/calendar-empty';
import { CalendarLegend } from '../components/calendar-legend';
import { CalendarView, type TCalendarMove } from '../components/calendar-view';
import { ItemDrawer } from '../components/item-drawer';
import { useCalendarTimeZone } from '../hooks/use-calendar-time-zone';
import { useReschedule } from '../hooks/use-schedule-actions';
import { useScheduleItem } from '../hooks/use-schedule-item';
import { type TVisibleRange, useScheduleRange } from '../hooks/use-schedule-range';

/** Spec §2 /schedule: the calendar of scheduled, published and failed posts, in the person's zone. */
export const SchedulePage = () => {
  const { timeZone, chosen, known } = useCalendarTimeZone();
  const [range, setRange] = useState<TVisibleRange | null>(null);
  // Notices and content badges link to /schedule?post=ID: that post opens, on its date.
  const [params, setParams] = useSearchParams();
  const linkedId = linkedPostOf(params.get('post'));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const openId = chosenId ?? linkedId;
  const linked = useScheduleItem(linkedId);
  const close = () => {
    setChosenId(null);
    if (linkedId !== null) setParams({}, { replace: true });
  };
  const schedule = useScheduleRange(range);
  const integrations = useIntegrations();
  const reschedule = useReschedule();
  const items = schedule.data?.data ?? [];
  const connected = Object.values(integrations.data?.status ?? {}).some((status) => status === 'connected');

  const move = ({ id, postedOn, revert }: TCalendarMove) =>
    reschedule.mutate({ id, postedOn }, { onError: revert });

  return (
    <PageShell
      title="Calendar"
      description="Everything you scheduled, in your time zone: drag a post to another time, or open it to see how its publishing went."
    >
      <Stack gap="md">
        <CalendarLegend timeZone={timeZone} chosen={chosen} />
        {schedule.isError && !schedule.data ? (
          <LoadFailed what="your calendar" onRetry={() => void schedule.refetch()} />
        ) : (
          <>
            {schedule.isSuccess &&
              items.length === 0 &&
              !schedule.isPlaceholderData &&
              integrations.isSuccess && <CalendarEmpty connected={connected} />}
            {schedule.data?.truncated && (
              <Alert color="yellow" icon={<IconAlertTriangle />}>
                This range holds more posts than can be shown at once: switch to the week or day view.
              </Alert>
            )}
            <Box
              pos="relative"
              p="md"
              bg="var(--mantine-color-white)"
              bd="1px solid var(--mantine-color-gray-3)"
              style={{ borderRadius: 'var(--mantine-radius-lg)' }}
            >
              <LoadingOverlay
                visible={schedule.isPending || schedule.isPlaceholderData}
                zIndex={5}
                overlayProps={{ blur: 1, backgroundOpacity: 0.4 }}
                loaderProps={{ 'aria-label': 'Loading the calendar' }}
              />
              {known ? (
                <CalendarView
                  items={items}
                  timeZone={timeZone}
                  onRange={setRange}
                  onOpen={setChosenId}
                  focus={linked.data?.data.PostedOn}
                  onMove={move}
                />
              ) : (
                <Box h={600} />
              )}
            </Box>
          </>
        )}
      </Stack>
      <ItemDrawer id={openId} timeZone={timeZone} onClose={close} />
    </PageShell>
  );
};

const linkedPostOf = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
