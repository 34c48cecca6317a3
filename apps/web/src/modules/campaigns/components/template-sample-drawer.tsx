import { Alert, Button, Drawer, Group, Mark, Paper, Stack, Text } from '@mantine/core';
import type { TMessageTemplate } from '@sales-assist/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { Fragment } from 'react';
import { PLACEHOLDERS, SAMPLE_MESSAGES } from '../lib/sample-messages';

type TTemplateSampleDrawerProps = {
  template: TMessageTemplate | null;
  selected: boolean;
  onClose: () => void;
  onSelect: (template: TMessageTemplate) => void;
};

const PLACEHOLDER_PATTERN = /(\[[A-Za-z ]+\])/g;

/** The sample with each placeholder marked, so it is clear what the writer fills in per lead. */
const MarkedSample = ({ text }: { text: string }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lh={1.6}>
    {text.split(PLACEHOLDER_PATTERN).map((part, index) =>
      PLACEHOLDERS.some((placeholder) => placeholder === part) ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the split parts have no identity of their own
        <Mark key={index} color="blue.1" px={2} style={{ borderRadius: 4 }}>
          {part}
        </Mark>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the split parts have no identity of their own
        <Fragment key={index}>{part}</Fragment>
      ),
    )}
  </Text>
);

/** "View Sample": the spec's template message example, in a side panel. */
export const TemplateSampleDrawer = ({
  template,
  selected,
  onClose,
  onSelect,
}: TTemplateSampleDrawerProps) => (
  <Drawer
    opened={template !== null}
    onClose={onClose}
    position="right"
    size="md"
    title={<Text fw={700}>{template ? `Sample: ${template.text}` : ''}</Text>}
  >
    {template && (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {template.description}
        </Text>
        <Paper withBorder p="md" radius="md" bg="gray.0">
          <MarkedSample text={SAMPLE_MESSAGES[template.id]} />
        </Paper>
        <Alert variant="light" color="blue" icon={<IconInfoCircle />}>
          The marked placeholders are filled in for every lead: name, industry, recent post headline, company
          name and your name. You can read, edit and approve each message before the campaign starts.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {!selected && (
            <Button
              onClick={() => {
                onSelect(template);
                onClose();
              }}
            >
              Use this template
            </Button>
          )}
        </Group>
      </Stack>
    )}
  </Drawer>
);
