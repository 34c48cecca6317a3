import { Alert, Badge, Blockquote, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { TLeadResearch, TResearchPoint } from '@sales-assist/contract';
import { IconInfoCircle, IconPencil, IconQuote, IconRobot } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { sourcesById } from '../lib/source-label';
import { SourceBadge } from './source-badge';

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={6}>
    <Text size="xs" tt="uppercase" fw={700} c="dimmed">
      {title}
    </Text>
    {children}
  </Stack>
);

const Nothing = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" fs="italic">
    {children}
  </Text>
);

/** The card on a lead: each point beside the badge of its source, then what was read and what was not. */
export const ResearchCard = ({ research }: { research: TLeadResearch }) => {
  const sources = sourcesById(research.sources);
  const point = (p: TResearchPoint) => (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm">{p.text}</Text>
      <SourceBadge source={sources.get(p.source)} />
    </Group>
  );
  const opening = research.card.opening_line;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="research-card">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Title order={3}>{research.lead.name || 'Unnamed lead'}</Title>
            {research.lead.headline && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {research.lead.headline}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            {research.writer === 'model' ? (
              <Badge
                variant="light"
                color="violet"
                leftSection={<IconRobot size={12} />}
                style={{ textTransform: 'none' }}
              >
                Written by {research.model}
              </Badge>
            ) : (
              <Badge
                variant="light"
                color="orange"
                leftSection={<IconQuote size={12} />}
                style={{ textTransform: 'none' }}
              >
                Written without a model
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              Researched {WHEN.format(new Date(research.researched_at))}
            </Text>
          </Stack>
        </Group>

        <Section title="Role and tenure">
          {research.card.role ? (
            point(research.card.role)
          ) : (
            <Nothing>The profile states no current position.</Nothing>
          )}
        </Section>
        <Section title="The company: what it does and for whom">
          {research.card.company ? (
            point(research.card.company)
          ) : (
            <Nothing>No company website was read.</Nothing>
          )}
        </Section>
        <Section title="Recent topics">
          {research.card.topics.length > 0 ? (
            <Group gap="xs">
              {research.card.topics.map((topic) => (
                <Group key={`${topic.source}-${topic.text}`} gap={4} wrap="nowrap">
                  <Badge variant="outline" color="gray" radius="sm" style={{ textTransform: 'none' }}>
                    {topic.text}
                  </Badge>
                  <SourceBadge source={sources.get(topic.source)} />
                </Group>
              ))}
            </Group>
          ) : (
            <Nothing>No recent posts to read topics from.</Nothing>
          )}
        </Section>
        <Section title="Talking points">
          {research.card.talking_points.length > 0 ? (
            <List type="ordered" spacing="xs" size="sm">
              {research.card.talking_points.map((p) => (
                <List.Item key={`${p.source}-${p.text}`}>{point(p)}</List.Item>
              ))}
            </List>
          ) : (
            <Nothing>The sources hold nothing to bring up yet.</Nothing>
          )}
        </Section>
        <Section title="Suggested opening line">
          {opening && opening.source === null ? (
            <Alert variant="light" color="orange" icon={<IconPencil />} radius="md">
              {opening.text}
            </Alert>
          ) : opening ? (
            <Blockquote color="blue" p="sm" radius="md" iconSize={0}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{opening.text}</Text>
                <SourceBadge source={opening.source ? sources.get(opening.source) : undefined} />
              </Group>
            </Blockquote>
          ) : (
            <Nothing>No opening line.</Nothing>
          )}
        </Section>

        {research.notes.length > 0 && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle />} title="About this card" radius="md">
            <List size="sm" spacing={2}>
              {research.notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Section title="Sources read">
          <Group gap="xs">
            {research.sources.map((source) => (
              <SourceBadge key={source.id} source={source} />
            ))}
          </Group>
        </Section>
      </Stack>
    </Paper>
  );
};
