import { Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TInput } from '@sales-assist/contract';
import { formatBytes, inputTypeLabel } from '../lib/format-input';
import { InputPicture } from './input-picture';
import { InputRowMenu } from './input-row-menu';

type TImageGridProps = {
  inputs: TInput[];
  onPreview: (input: TInput) => void;
  onRename: (input: TInput) => void;
  onDownload: (input: TInput) => void;
  onDelete: (input: TInput) => void;
};

/** Thumbnails with name, type, size and the menu; a click opens the preview. */
export const ImageGrid = ({ inputs, onPreview, onRename, onDownload, onDelete }: TImageGridProps) => (
  <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="md">
    {inputs.map((input) => (
      <Card key={input.id} padding={0} withBorder>
        <Card.Section>
          <UnstyledButton
            onClick={() => onPreview(input)}
            aria-label={`Preview ${input.name}`}
            display="block"
            w="100%"
          >
            <InputPicture id={input.id} variant="thumbnail" alt={input.name} height={170} />
          </UnstyledButton>
        </Card.Section>
        <Group justify="space-between" wrap="nowrap" p="sm" gap="xs">
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm" truncate title={input.name}>
              {input.name}
            </Text>
            <Text size="xs" c="dimmed">
              {inputTypeLabel(input)} · {input.width}×{input.height} · {formatBytes(input.size_bytes)}
            </Text>
          </Stack>
          <InputRowMenu
            input={input}
            onView={() => onPreview(input)}
            onRename={() => onRename(input)}
            onDownload={() => onDownload(input)}
            onDelete={() => onDelete(input)}
          />
        </Group>
      </Card>
    ))}
  </SimpleGrid>
);
