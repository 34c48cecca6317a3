import { Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  SOCIAL_GROUNDING_INPUTS_MAX,
  SOCIAL_MESSAGES,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  SOCIAL_TOPIC_MAX,
  type TCreateSocialPostsRequest,
  type TSocialImageSource,
  type TSocialNetwork,
} from '@sales-assist/contract';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type TWriteFromWording, WriteFromFields } from '../../content/components/write-from-fields';
import { chosenSource, useWriteFrom, writeFromReady } from '../../content/hooks/use-write-from';
import { InputPicker } from '../../inputs/components/input-picker';
import { useInfographicThemes } from '../hooks/use-socials';
import { ImageSourceFields } from './image-source-fields';
import { ThemePicker } from './theme-picker';

const WORDING: TWriteFromWording = {
  topicDescription: 'What the posts are about: an idea, a tip, news from your company',
  topicPlaceholder: 'e.g. Three habits that keep a sales pipeline honest',
  topicRequired: SOCIAL_MESSAGES.sourceRequired,
  topicTooLong: SOCIAL_MESSAGES.topicTooLong,
  blogLabel: 'Blog post',
  blogDescription: 'Its text is the source of the posts',
};

type TCreatePanelProps = {
  busy: boolean;
  imageModel: boolean;
  onCreate: (request: TCreateSocialPostsRequest) => void;
};

/** What to write from, for which networks, with which theme and picture. */
export const CreatePanel = ({ busy, imageModel, onCreate }: TCreatePanelProps) => {
  const from = useWriteFrom();
  const [networks, setNetworks] = useState<TSocialNetwork[]>([...SOCIAL_NETWORKS]);
  const [themeId, setThemeId] = useState<number | null>(null);
  const [imageSource, setImageSource] = useState<TSocialImageSource>('theme');
  const [imageInputId, setImageInputId] = useState<string | null>(null);
  const [groundingIds, setGroundingIds] = useState<number[]>([]);
  const [touched, setTouched] = useState(false);
  const themes = useInfographicThemes();

  // The first theme is chosen until the user picks one.
  useEffect(() => {
    const first = themes.data?.themes[0];
    if (themeId === null && first) setThemeId(first.id);
  }, [themes.data, themeId]);

  const ready =
    writeFromReady(from, SOCIAL_TOPIC_MAX) &&
    networks.length > 0 &&
    themeId !== null &&
    (imageSource !== 'input' || imageInputId !== null);

  const submit = () => {
    setTouched(true);
    if (!ready || themeId === null) return;
    const chosen = chosenSource(from);
    onCreate({
      ...(chosen.type === 'topic'
        ? { topic: chosen.topic }
        : chosen.type === 'blog'
          ? { source_id: chosen.blog_id }
          : { input_id: chosen.input_id }),
      networks,
      theme_id: themeId,
      image_source: imageSource,
      ...(imageSource === 'input' && imageInputId ? { image_input_id: Number(imageInputId) } : {}),
      input_ids: groundingIds,
    });
  };

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <WriteFromFields
          from={from}
          wording={WORDING}
          topicMax={SOCIAL_TOPIC_MAX}
          touched={touched}
          disabled={busy}
        />
        <Checkbox.Group
          label="Networks"
          value={networks}
          onChange={(value) => setNetworks(value as TSocialNetwork[])}
          error={touched && networks.length === 0 ? SOCIAL_MESSAGES.networksRequired : null}
        >
          <Group gap="lg" mt={6}>
            {SOCIAL_NETWORKS.map((network) => (
              <Checkbox
                key={network}
                value={network}
                label={SOCIAL_NETWORK_LABELS[network]}
                disabled={busy}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Theme
          </Text>
          <ThemePicker value={themeId} onChange={setThemeId} />
        </Stack>
        <ImageSourceFields
          source={imageSource}
          onSource={setImageSource}
          inputId={imageInputId}
          onInputId={setImageInputId}
          imageModel={imageModel}
          disabled={busy}
        />
        <InputPicker
          value={groundingIds}
          onChange={setGroundingIds}
          max={SOCIAL_GROUNDING_INPUTS_MAX}
          label="Also ground them in your texts (optional)"
          disabled={busy}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconSparkles size={18} />}
            onClick={submit}
            loading={busy}
            disabled={touched && !ready}
          >
            Generate
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
