import { Text } from '@mantine/core';
import { LINKEDIN_POST_MAX } from '@sales-assist/contract';

/** "1,234 / 3,000", red once over LinkedIn's limit. */
export const CharacterCount = ({ count }: { count: number }) => {
  const over = count > LINKEDIN_POST_MAX;
  return (
    <Text
      size="sm"
      c={over ? 'red' : 'dimmed'}
      fw={over ? 700 : 400}
      aria-live="polite"
      data-testid="character-count"
    >
      {count.toLocaleString('en-US')} / {LINKEDIN_POST_MAX.toLocaleString('en-US')}
      {over ? ' — too long for LinkedIn' : ''}
    </Text>
  );
};
