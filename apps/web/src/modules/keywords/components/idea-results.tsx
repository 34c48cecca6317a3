import { Badge, Card, Checkbox, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { KEYWORD_MESSAGES, type TKeywordIdea, type TKeywordIdeasResponse } from '@sales-assist/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { IntentBadge } from './intent-badge';
import { bidsOf, competitionOf, RelevanceMeter, searchesOf } from './keyword-cells';

type TIdeaResultsProps = {
  answer: TKeywordIdeasResponse;
  selected: ReadonlySet<string>;
  onToggle: (idea: TKeywordIdea, on: boolean) => void;
};

const SOURCE_LABELS: Partial<Record<TKeywordIdea['source'], string>> = {
  seed: 'Your seed',
  google_ads: 'From Google Ads',
  site: 'From your page',
};

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Relevance's header says whose score it is. */
const RelevanceHeader = () => (
  <Group gap={4} wrap="nowrap">
    Relevance
    <Tooltip label={KEYWORD_MESSAGES.relevanceNote} multiline w={280} withArrow>
      <IconInfoCircle size={14} aria-label={KEYWORD_MESSAGES.relevanceNote} />
    </Tooltip>
  </Group>
);

/**
 * The ideas, one card per theme, each row with its intent and our relevance; the search volume, cost
 * per click and competition columns appear only when a provider gave metrics for this answer.
 */
export const IdeaResults = ({ answer, selected, onToggle }: TIdeaResultsProps) => {
  const withMetrics = answer.themes.some((theme) => theme.ideas.some((idea) => idea.metrics !== null));
  return (
    <Stack gap="md">
      {answer.themes.map((theme) => {
        const all = theme.ideas.every((idea) => selected.has(idea.text));
        const some = theme.ideas.some((idea) => selected.has(idea.text));
        return (
          <Card key={theme.theme} padding="md">
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <Title order={5}>{capitalised(theme.theme)}</Title>
                <Badge variant="default" size="sm">
                  {theme.ideas.length}
                </Badge>
              </Group>
              <Checkbox
                label="Select all"
                size="xs"
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => {
                  for (const idea of theme.ideas) onToggle(idea, event.currentTarget.checked);
                }}
                aria-label={`Select all keywords of ${theme.theme}`}
              />
            </Group>
            <Table.ScrollContainer minWidth={withMetrics ? 900 : 520}>
              <Table verticalSpacing={6} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36} />
                    <Table.Th miw={220}>Keyword</Table.Th>
                    <Table.Th w={150}>Intent</Table.Th>
                    <Table.Th w={120}>
                      <RelevanceHeader />
                    </Table.Th>
                    {withMetrics && (
                      <>
                        <Table.Th w={110}>Avg. monthly searches</Table.Th>
                        <Table.Th w={120}>Competition</Table.Th>
                        <Table.Th w={130}>Top of page bid</Table.Th>
                      </>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {theme.ideas.map((idea) => (
                    <Table.Tr key={idea.text}>
                      <Table.Td>
                        <Checkbox
                          checked={selected.has(idea.text)}
                          onChange={(event) => onToggle(idea, event.currentTarget.checked)}
                          aria-label={`Select ${idea.text}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{idea.text}</Text>
                          {SOURCE_LABELS[idea.source] && (
                            <Badge
                              size="xs"
                              variant="dot"
                              color={idea.source === 'google_ads' ? 'blue' : 'gray'}
                              style={{ flexShrink: 0 }}
                            >
                              {SOURCE_LABELS[idea.source]}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <IntentBadge intent={idea.intent} />
                      </Table.Td>
                      <Table.Td>
                        <RelevanceMeter value={idea.relevance} />
                      </Table.Td>
                      {withMetrics && (
                        <>
                          <Table.Td>{searchesOf(idea.metrics)}</Table.Td>
                          <Table.Td>{competitionOf(idea.metrics)}</Table.Td>
                          <Table.Td>{bidsOf(idea.metrics)}</Table.Td>
                        </>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        );
      })}
      <Text size="xs" c="dimmed">
        {KEYWORD_MESSAGES.relevanceNote}
        {withMetrics &&
          ' Search volume, competition and bids come from Google Ads (bids in the account currency).'}
      </Text>
    </Stack>
  );
};
