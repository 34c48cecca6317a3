import { PLATFORM_LABELS, type TScheduleItem } from '@sales-assist/contract';

export type TScheduleSummary = {
  tone: 'failed' | 'held' | 'scheduled' | 'published';
  /** The badge's words: "Scheduled · Nov 24, 14:05". */
  label: string;
  /** One line per account, for the tooltip. */
  lines: string[];
};

const STATE_WORDS: Record<TScheduleItem['status'], string> = {
  scheduled: 'Scheduled for',
  publishing: 'Publishing since',
  published: 'Published',
  failed: 'Failed',
  held: 'Needs checking',
};

/** "Nov 24, 14:05" in the user's zone. */
export const shortWhen = (iso: string, zone: string): string =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

const whenOf = (item: TScheduleItem) => item.published_at ?? item.PostedOn;

/**
 * What a card says about where its content went: a failure first (it needs the person), then the next
 * time it is due, then when it was last published. null when it is not on the calendar.
 */
export const summarizeSchedule = (items: TScheduleItem[], zone: string): TScheduleSummary | null => {
  if (items.length === 0) return null;
  const lines = items.map(
    (item) =>
      `${PLATFORM_LABELS[item.platform]} · ${item.target_name}: ${STATE_WORDS[item.status]} ${shortWhen(whenOf(item), zone)}`,
  );
  const byTime = [...items].sort((a, b) => whenOf(a).localeCompare(whenOf(b)));
  const failed = byTime.find((item) => item.status === 'failed');
  if (failed) return { tone: 'failed', label: 'Publishing failed', lines };
  const held = byTime.find((item) => item.status === 'held');
  if (held) return { tone: 'held', label: 'Needs checking', lines };
  const due = byTime.find((item) => item.status === 'scheduled' || item.status === 'publishing');
  if (due) return { tone: 'scheduled', label: `Scheduled · ${shortWhen(due.PostedOn, zone)}`, lines };
  const last = byTime[byTime.length - 1] as TScheduleItem;
  return { tone: 'published', label: `Published · ${shortWhen(whenOf(last), zone)}`, lines };
};
