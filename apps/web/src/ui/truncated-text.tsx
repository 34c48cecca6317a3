import { Text, Tooltip } from '@mantine/core';
import { TRUNCATE_AT, truncate } from './truncate';

/** Spec §2/§9: text cut at 30 characters plus an ellipsis, the full text as tooltip. */
export const TruncatedText = ({ text }: { text: string }) => {
  const short = truncate(text);
  if (text.length <= TRUNCATE_AT) {
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    );
  }
  return (
    <Tooltip
      label={text}
      multiline
      maw={360}
      withArrow
      openDelay={150}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Text size="sm" tabIndex={0} style={{ cursor: 'help', overflowWrap: 'anywhere' }}>
        {short}
      </Text>
    </Tooltip>
  );
};
