import { Anchor, Button, Loader, Menu, Text } from '@mantine/core';
import type { TKeywordListSummary } from '@sales-assist/contract';
import { IconListSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../app/api/toast';
import { fetchKeywordList, useKeywordLists } from '../hooks/use-keyword-lists';

type TKeywordListPickerProps = {
  /** Receives the list's keywords in its order (the caller merges and caps them). */
  onPick: (keywords: string[], list: TKeywordListSummary) => void;
  label?: string;
  disabled?: boolean;
};

/**
 * "Use them in blogs and ads": a button that fills keywords from one of the user's saved keyword lists
 * (Ads → Keywords). Used by the blog forms and the Google Ads screen.
 */
export const KeywordListPicker = ({
  onPick,
  label = 'From a saved list',
  disabled,
}: TKeywordListPickerProps) => {
  const lists = useKeywordLists();
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const pick = async (list: TKeywordListSummary) => {
    setLoadingId(list.id);
    try {
      const full = await fetchKeywordList(list.id);
      onPick(
        full.keywords.map((keyword) => keyword.text),
        list,
      );
    } catch {
      toast('error', 'The keyword list could not be loaded. Please try again.');
    } finally {
      setLoadingId(null);
    }
  };
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={300}>
      <Menu.Target>
        <Button
          variant="light"
          size="xs"
          leftSection={loadingId !== null ? <Loader size={14} /> : <IconListSearch size={16} />}
          disabled={disabled}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Saved keyword lists">
        <Menu.Label>Saved keyword lists</Menu.Label>
        {lists.isPending ? (
          <Menu.Item disabled leftSection={<Loader size={14} />}>
            Loading…
          </Menu.Item>
        ) : lists.isError ? (
          <Menu.Item disabled>The lists could not be loaded</Menu.Item>
        ) : lists.data.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            No saved lists yet.{' '}
            <Anchor component={Link} to="/advertising/keywords" size="sm">
              Find keywords
            </Anchor>
          </Text>
        ) : (
          lists.data.map((list) => (
            <Menu.Item
              key={list.id}
              onClick={() => void pick(list)}
              rightSection={
                <Text size="xs" c="dimmed">
                  {list.keyword_count}
                </Text>
              }
            >
              {list.name}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
};
