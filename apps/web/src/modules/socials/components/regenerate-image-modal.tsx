import { Button, Group, Modal, Stack } from '@mantine/core';
import type { TRegenerateSocialImageRequest, TSocialImageSource, TSocialPost } from '@sales-assist/contract';
import { useState } from 'react';
import { ImageSourceFields } from './image-source-fields';
import { ThemePicker } from './theme-picker';

type TRegenerateImageModalProps = {
  post: TSocialPost;
  opened: boolean;
  imageModel: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (request: TRegenerateSocialImageRequest) => void;
};

/** Another picture: another theme, or another source (one of the user's images, an image model). */
export const RegenerateImageModal = ({
  post,
  opened,
  imageModel,
  busy,
  onClose,
  onSubmit,
}: TRegenerateImageModalProps) => {
  const [themeId, setThemeId] = useState<number | null>(post.theme_id);
  const [source, setSource] = useState<TSocialImageSource>(post.image.source);
  const [inputId, setInputId] = useState<string | null>(null);
  const ready = themeId !== null && (source !== 'input' || inputId !== null);
  return (
    <Modal opened={opened} onClose={onClose} title="Another picture" size="xl">
      <Stack gap="md">
        <ThemePicker value={themeId} onChange={setThemeId} />
        <ImageSourceFields
          source={source}
          onSource={setSource}
          inputId={inputId}
          onInputId={setInputId}
          imageModel={imageModel}
          disabled={busy}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            disabled={!ready}
            onClick={() =>
              themeId !== null &&
              onSubmit({
                theme_id: themeId,
                image_source: source,
                ...(source === 'input' && inputId ? { image_input_id: Number(inputId) } : {}),
              })
            }
          >
            Make the picture
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
