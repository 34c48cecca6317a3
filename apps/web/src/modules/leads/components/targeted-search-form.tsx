import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { LINKEDIN_MESSAGES } from '@sales-assist/contract';
import { IconArrowLeft, IconBrandLinkedin, IconCloudDownload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/api/toast';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { useLiAtStatus } from '../../linkedin/hooks/use-li-at-status';
import { useListOptions } from '../hooks/use-list-options';
import { useSearchImport } from '../hooks/use-search-import';
import { isWebUrl } from '../lib/is-web-url';
import { ListChoiceFields, type TListChoice } from './list-choice-fields';

const EXAMPLE_URL = 'https://www.linkedin.com/search/results/people/?keywords=marketing';

type TTargetedSearchFormProps = { onBack: () => void; onStarted: () => void };

/** Screen 5 (spec §5 search import): checks in order, the new list name wins over the selected list. */
export const TargetedSearchForm = ({ onBack, onStarted }: TTargetedSearchFormProps) => {
  const [searchUrl, setSearchUrl] = useState('');
  const [choice, setChoice] = useState<TListChoice>({ listId: null, newName: '' });
  const options = useListOptions();
  const linkedin = useLiAtStatus();
  const searchImport = useSearchImport({ onStarted });

  const chosenName = options.data?.lists.find((list) => String(list.id) === choice.listId)?.name ?? '';
  const listName = choice.newName.trim() || chosenName;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (searchImport.isPending) return;
    const url = searchUrl.trim();
    if (!url) return toast('warning', LINKEDIN_MESSAGES.pasteSearchUrl);
    if (!isWebUrl(url)) return toast('warning', LINKEDIN_MESSAGES.invalidSearchUrl);
    if (!listName) return toast('warning', LINKEDIN_MESSAGES.selectOrCreateList);
    // Without a LinkedIn session the import cannot run: ask for the li_at first.
    if (linkedin.data && (!linkedin.data.connected || linkedin.data.expired)) return cookieDialog.open();
    searchImport.mutate({ search_url: url, list_name: listName });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="lg" maw={640}>
        <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            All extraction methods
          </Group>
        </Anchor>
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            Targeted search
          </Text>
          <Text size="sm" c="dimmed">
            Run a people search on LinkedIn, copy the address from your browser and paste it here. The people
            it finds are added to the list in the background.
          </Text>
        </Stack>
        <TextInput
          label="LinkedIn search URL"
          placeholder={EXAMPLE_URL}
          value={searchUrl}
          onChange={(event) => setSearchUrl(event.currentTarget.value)}
          leftSection={<IconBrandLinkedin size={18} />}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <ListChoiceFields value={choice} onChange={setChoice} exclusive={false} />
        {choice.newName.trim() && chosenName && (
          <Text size="xs" c="dimmed" mt={-8}>
            The new list name takes precedence over the selected list.
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={searchImport.isPending}
            leftSection={<IconCloudDownload size={18} />}
          >
            Import Leads
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
