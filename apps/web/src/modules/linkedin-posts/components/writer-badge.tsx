import { Badge, Tooltip } from '@mantine/core';

/** Who wrote a post: an AI model (named) or the offline writer, never called AI. */
export const WriterBadge = ({ writer, model }: { writer: 'llm' | 'offline'; model: string | null }) =>
  writer === 'llm' ? (
    <Tooltip label={model ? `Written by ${model}` : 'Written by an AI model'} withArrow>
      <Badge variant="light" color="violet" size="sm">
        AI model
      </Badge>
    </Tooltip>
  ) : (
    <Badge variant="light" color="yellow" size="sm">
      Offline draft
    </Badge>
  );
