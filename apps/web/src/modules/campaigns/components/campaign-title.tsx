import { ActionIcon, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { CAMPAIGN_NAME_MAX } from '@sales-assist/contract';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';

type TCampaignTitleProps = { name: string; onRename: (name: string) => void };

/** The campaign's name; ✎ edits it in place, Enter or ✓ saves, Escape or ✕ cancels. */
export const CampaignTitle = ({ name, onRename }: TCampaignTitleProps) => {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <Group gap={6} wrap="nowrap" miw={0}>
        <Title order={3} lineClamp={2} title={name} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Tooltip label="Rename campaign" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Rename campaign"
            onClick={() => setDraft(name)}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  const commit = () => {
    const next = draft.trim();
    if (next && next !== name) onRename(next);
    setDraft(null);
  };
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        aria-label="Campaign name"
        value={draft}
        maxLength={CAMPAIGN_NAME_MAX}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setDraft(null);
          }
        }}
        w={360}
      />
      <Tooltip label="Save (Enter)" withArrow>
        <ActionIcon variant="light" color="teal" aria-label="Save name" onClick={commit}>
          <IconCheck size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Cancel (Esc)" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label="Cancel rename" onClick={() => setDraft(null)}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};
