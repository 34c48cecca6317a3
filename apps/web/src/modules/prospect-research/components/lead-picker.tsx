import {
  Badge,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TResearchLeadMatch } from '@sales-assist/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useResearchLeads } from '../hooks/use-lead-research';

type TLeadPickerProps = { selectedId: number | null; onPick: (lead: TResearchLeadMatch) => void };

/** A search over the user's own leads (name, company, headline); without words, the leads researched last. */
export const LeadPicker = ({ selectedId, onPick }: TLeadPickerProps) => {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const leads = useResearchLeads(debounced);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <TextInput
          placeholder="Search by name, company, headline"
          aria-label="Search leads"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {debounced ? 'Matching leads' : 'Researched recently'}
        </Text>
        <ScrollArea.Autosize mah={420} type="auto">
          {leads.isPending ? (
            <Stack gap="xs">
              {[1, 2, 3].map((row) => (
                <Skeleton key={row} height={44} radius="md" />
              ))}
            </Stack>
          ) : (leads.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed" py="sm" ta="center">
              {debounced ? `No lead matches “${debounced}”.` : 'Search for a lead to research.'}
            </Text>
          ) : (
            <Stack gap={4} role="listbox" aria-label="Leads">
              {(leads.data ?? []).map((lead) => (
                <UnstyledButton
                  key={lead.id}
                  role="option"
                  aria-selected={lead.id === selectedId}
                  onClick={() => onPick(lead)}
                  p="xs"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    background: lead.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={600} truncate="end">
                        {lead.name || lead.linkedin_url}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {[lead.company, lead.list_name].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    {lead.researched_at && (
                      <Badge size="xs" variant="light" color="teal" style={{ flexShrink: 0 }}>
                        Researched
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
};
