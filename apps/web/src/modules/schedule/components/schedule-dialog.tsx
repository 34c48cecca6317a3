import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { CONTENT_TYPE_LABELS, SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { IconAlertCircle, IconCalendarPlus, IconWorld } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { toast } from '../../../app/api/toast';
import { useContentSchedule } from '../hooks/use-content-schedule';
import { useSchedulePost } from '../hooks/use-schedule-post';
import { useScheduleTargets } from '../hooks/use-schedule-targets';
import { platformsOf, type TSchedulableContent } from './schedule-dialog-content';
import { ScheduleDialogTargets } from './schedule-dialog-targets';
import {
  defaultScheduleFields,
  HOUR_OPTIONS,
  isBeforeNow,
  MINUTE_OPTIONS,
  type TScheduleFields,
  wallClockIn,
  zoneOffsetLabel,
} from './schedule-dialog-time';
import { type TScheduleZone, useScheduleZone } from './schedule-dialog-zone';

type TScheduleDialogProps = {
  /** The content to schedule; null keeps the dialog closed. */
  content: TSchedulableContent | null;
  onClose: () => void;
};

/** Spec §3 calendar state (date, hours, minutes, contentID, platforms): schedule one item to its accounts. */
export const ScheduleDialog = ({ content, onClose }: TScheduleDialogProps) => (
  <Modal
    opened={content !== null}
    onClose={onClose}
    title={
      <Group gap="xs">
        <IconCalendarPlus size={20} />
        <Text fw={600}>Schedule</Text>
      </Group>
    }
    centered
    size="lg"
  >
    {content && <ZonedForm content={content} onDone={onClose} />}
  </Modal>
);

const ZoneNote = ({ zone }: { zone: TScheduleZone }) => (
  <Group gap={6} wrap="nowrap" data-testid="schedule-zone">
    <IconWorld size={14} color="var(--mantine-color-dimmed)" />
    <Text size="xs" c="dimmed">
      Times are in {zone.zone} ({zoneOffsetLabel(zone.zone, new Date())}),{' '}
      {zone.source === 'settings' ? 'your time zone in Settings' : "this browser's time zone"}.
    </Text>
  </Group>
);

type TFormProps = { content: TSchedulableContent; onDone: () => void };

/**
 * The form starts once the user's zone is known, so its default time is read in that zone; it is mounted
 * per opening: the default time is "now" when it opens, and nothing is left from before.
 */
const ZonedForm = (props: TFormProps) => {
  const zone = useScheduleZone();
  if (!zone.known) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Loading your time zone" />
      </Group>
    );
  }
  return <ScheduleForm key={props.content.id} zone={zone} {...props} />;
};

const ScheduleForm = ({ content, zone, onDone }: TFormProps & { zone: TScheduleZone }) => {
  const [fields, setFields] = useState<TScheduleFields>(() => defaultScheduleFields(zone.zone, new Date()));
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const targets = useScheduleTargets(true);
  const schedule = useSchedulePost();
  const platforms = platformsOf(content);
  const onCalendar = useContentSchedule(content.id);
  const taken = useMemo(
    () => new Set(onCalendar.flatMap((item) => (item.connection_id ? [item.connection_id] : []))),
    [onCalendar],
  );
  const choosable = (targets.data?.data ?? []).filter(
    (target) => platforms.includes(target.platform) && target.status === 'connected' && !taken.has(target.id),
  );

  // With a single account that fits, it is the one meant: it starts ticked.
  const onlyChoice = choosable.length === 1 ? choosable[0]?.id : undefined;
  useEffect(() => {
    if (onlyChoice) setSelected((current) => (current.length === 0 ? [onlyChoice] : current));
  }, [onlyChoice]);

  const change = (next: Partial<TScheduleFields>) => {
    setFields((current) => ({ ...current, ...next }));
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) return setProblem(SCHEDULE_MESSAGES.noTargets);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date)) return setProblem(SCHEDULE_MESSAGES.badDate);
    if (isBeforeNow(fields, zone.zone, new Date())) return setProblem(SCHEDULE_MESSAGES.inThePast);
    setProblem(null);
    schedule.mutate(
      { contentID: content.id, platforms: selected, ...fields, time_zone: zone.zone },
      {
        onSuccess: () => {
          toast('success', SCHEDULE_MESSAGES.scheduled);
          onDone();
        },
        onError: (error) =>
          setProblem(
            isApiError(error) && error.status > 0 && error.status < 500
              ? error.message
              : 'The post could not be scheduled. Please try again.',
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" lineClamp={2}>
          {CONTENT_TYPE_LABELS[content.kind]}: <strong>{content.title || 'Untitled'}</strong>
        </Text>
        <ScheduleDialogTargets
          targets={targets.data?.data}
          failed={targets.isError}
          onRetry={() => void targets.refetch()}
          platforms={platforms}
          selected={selected}
          taken={taken}
          onChange={(ids) => {
            setSelected(ids);
            setProblem(null);
          }}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="Date"
            data-autofocus
            value={fields.date}
            min={wallClockIn(zone.zone, new Date()).date}
            onChange={(event) => change({ date: event.currentTarget.value })}
            required
            w={170}
          />
          <NativeSelect
            label="Hours"
            data={HOUR_OPTIONS}
            value={fields.hours}
            onChange={(event) => change({ hours: event.currentTarget.value })}
            w={90}
          />
          <NativeSelect
            label="Minutes"
            data={MINUTE_OPTIONS}
            value={fields.minutes}
            onChange={(event) => change({ minutes: event.currentTarget.value })}
            w={90}
          />
        </Group>
        <ZoneNote zone={zone} />
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={schedule.isPending}
            disabled={choosable.length === 0}
            leftSection={<IconCalendarPlus size={16} />}
          >
            Schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
