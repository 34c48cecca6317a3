import { Group, Text } from '@mantine/core';
import {
  hashtagsOfText,
  SOCIAL_LIMITS,
  SOCIAL_NETWORK_LABELS,
  type TSocialNetwork,
} from '@sales-assist/contract';

/**
 * "1,234 / 2,200" for the post's network, red once over its limit; Instagram also counts hashtags
 * against its 30. Past the recommended length a hint says the network folds the text.
 */
export const SocialCharacterCount = ({ network, text }: { network: TSocialNetwork; text: string }) => {
  const limits = SOCIAL_LIMITS[network];
  const over = text.length > limits.max;
  const tags = hashtagsOfText(text).length;
  const tooManyTags = limits.hashtags !== null && tags > limits.hashtags;
  const long = !over && text.length > limits.recommended;
  return (
    <Group gap="md" aria-live="polite">
      <Text size="sm" c={over ? 'red' : 'dimmed'} fw={over ? 700 : 400} data-testid="character-count">
        {text.length.toLocaleString('en-US')} / {limits.max.toLocaleString('en-US')}
        {over ? ` — too long for ${SOCIAL_NETWORK_LABELS[network]}` : ''}
      </Text>
      {limits.hashtags !== null && (
        <Text
          size="sm"
          c={tooManyTags ? 'red' : 'dimmed'}
          fw={tooManyTags ? 700 : 400}
          data-testid="hashtag-count"
        >
          {tags} / {limits.hashtags} hashtags
        </Text>
      )}
      {long && (
        <Text size="xs" c="dimmed">
          {SOCIAL_NETWORK_LABELS[network]} folds text after about {limits.recommended.toLocaleString('en-US')}{' '}
          characters
        </Text>
      )}
    </Group>
  );
};

/** Whether the network would take this text. */
export const fitsNetwork = (network: TSocialNetwork, text: string): boolean => {
  const limits = SOCIAL_LIMITS[network];
  return (
    text.trim().length > 0 &&
    text.length <= limits.max &&
    (limits.hashtags === null || hashtagsOfText(text).length <= limits.hashtags)
  );
};
