import { PLATFORM_LABELS, type TScheduleItem } from '@sales-assist/contract';

export type TScheduleSummary = {
  tone: 'failed' | 'held' | 'scheduled' | 'published';
  /** The badge's words: "Scheduled · Nov 24, 14:05". */
  label: string;
  /** One line per account, for the tooltip. */
  lines: string[];
  /** The item the label speaks of: the calendar opens on it (/schedule?post=ID, as the notices link). */
  focusId: number;
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
 * time it is due (or that a platform's limit holds it back), then when it was last published. null when it is not on the calendar.
 */
export const summarizeSchedule = (items: TScheduleItem[], zone: string): TScheduleSummary | null => {
  if (items.length === 0) return null;
  const lines = items.map((item) => {
    const line = `${PLATFORM_LABELS[item.platform]} · ${item.target_name}: ${STATE_WORDS[item.status]} ${shortWhen(whenOf(item), zone)}`;
    // A platform's rate limit or quota holds it back for a while: say until when, and the platform's words.
    if (item.status === 'scheduled' && item.paused_until)
      return `${line} (paused until ${shortWhen(item.paused_until, zone)}${item.paused_reason ? `: ${item.paused_reason}` : ''})`;
    return item.status === 'failed' && item.failure_reason ? `${line}: ${item.failure_reason}` : line;
  });
  const byTime = [...items].sort((a, b) => whenOf(a).localeCompare(whenOf(b)));
  const failed = byTime.find((item) => item.status === 'failed');
  if (failed) return { tone: 'failed', label: 'Publishing failed', lines, focusId: failed.ID };
  const held = byTime.find((item) => item.status === 'held');
  if (held) return { tone: 'held', label: 'Needs checking', lines, focusId: held.ID };
  const due = byTime.find((item) => item.status === 'scheduled' || item.status === 'publishing');
  if (due?.paused_until)
    return {
      tone: 'scheduled',
      label: `Paused until ${shortWhen(due.paused_until, zone)}`,
      lines,
      focusId: due.ID,
    };
  if (due)
    return {
      tone: 'scheduled',
      label: `Scheduled · ${shortWhen(due.PostedOn, zone)}`,
      lines,
      focusId: due.ID,
    };
  const last = byTime[byTime.length - 1] as TScheduleItem;
  return {
    tone: 'published',
    label: `Published · ${shortWhen(whenOf(last), zone)}`,
    lines,
    focusId: last.ID,
  };
};
