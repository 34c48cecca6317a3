import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  LEAD_LABEL_NAMES,
  LEAD_LABEL_VALUES,
  type TThreadSummary,
  type TThreadsQuery,
} from '@sales-assist/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

type TInboxFiltersProps = {
  filters: TThreadsQuery;
  onChange: (filters: TThreadsQuery) => void;
  /** Threads seen so far: the campaigns and accounts to filter by are read from them. */
  seen: TThreadSummary[];
};

const uniqueBy = <T,>(items: T[], key: (item: T) => string): T[] => [
  ...new Map(items.map((item) => [key(item), item])).values(),
];

/** Search (lead, company, words of a message) and the filters: campaign, account, label, unread. */
export const InboxFilters = ({ filters, onChange, seen }: TInboxFiltersProps) => {
  const [words, setWords] = useState(filters.q ?? '');
  const search = useDebouncedCallback((q: string) => onChange({ ...filters, q: q.trim() || undefined }), 300);
  const campaigns = uniqueBy(
    seen.map((t) => t.campaign),
    (c) => String(c.id),
  );
  const accounts = uniqueBy(
    seen.flatMap((t) => (t.account ? [t.account] : [])),
    (a) => a.id,
  );
  return (
    <Group gap="xs" wrap="wrap">
      <TextInput
        aria-label="Search conversations"
        placeholder="Search name, company or message"
        leftSection={<IconSearch size={16} />}
        value={words}
        onChange={(event) => {
          setWords(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        aria-label="Campaign"
        placeholder="All campaigns"
        clearable
        data={campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
        value={filters.campaign_id ? String(filters.campaign_id) : null}
        onChange={(value) => onChange({ ...filters, campaign_id: value ? Number(value) : undefined })}
        w={170}
      />
      {accounts.length > 1 && (
        <Select
          aria-label="LinkedIn account"
          placeholder="All accounts"
          clearable
          data={accounts.map((a) => ({ value: a.id, label: a.name }))}
          value={filters.account_id ?? null}
          onChange={(value) => onChange({ ...filters, account_id: value ?? undefined })}
          w={170}
        />
      )}
      <Select
        aria-label="Label"
        placeholder="Any label"
        clearable
        data={[
          ...LEAD_LABEL_VALUES.map((value) => ({ value, label: LEAD_LABEL_NAMES[value] })),
          { value: 'none', label: 'No label' },
        ]}
        value={filters.label ?? null}
        onChange={(value) => onChange({ ...filters, label: (value as TThreadsQuery['label']) ?? undefined })}
        w={150}
      />
      <SegmentedControl
        aria-label="Show"
        size="sm"
        data={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: 'Unread' },
        ]}
        value={filters.unread === 'true' ? 'unread' : 'all'}
        onChange={(value) => onChange({ ...filters, unread: value === 'unread' ? 'true' : undefined })}
      />
    </Group>
  );
};
