import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { MODEL_SETUP, SOCIAL_IMAGE_SOURCE_LABELS, type TSocialImageSource } from '@sales-assist/contract';
import { Link } from 'react-router';
import { AdminSetupHint } from '../../../ui/admin-setup-hint';
import { useImageInputChoices } from '../hooks/use-socials';

type TImageSourceFieldsProps = {
  source: TSocialImageSource;
  onSource: (source: TSocialImageSource) => void;
  inputId: string | null;
  onInputId: (id: string | null) => void;
  /** Whether an image model is configured (else "AI image" is not offered). */
  imageModel: boolean;
  disabled?: boolean;
};

/** Where the picture comes from: the theme's infographic, one of the user's images, or an image model. */
export const ImageSourceFields = ({
  source,
  onSource,
  inputId,
  onInputId,
  imageModel,
  disabled,
}: TImageSourceFieldsProps) => {
  const images = useImageInputChoices(source === 'input');
  const data = (['theme', 'input', 'model'] as const).map((value) => ({
    value,
    label: SOCIAL_IMAGE_SOURCE_LABELS[value],
    disabled: value === 'model' && !imageModel,
  }));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Picture
      </Text>
      <SegmentedControl
        aria-label="Picture source"
        value={source}
        onChange={(value) => onSource(value as TSocialImageSource)}
        data={data}
        disabled={disabled}
      />
      {!imageModel && (
        <div>
          <Text size="xs" c="dimmed">
            {MODEL_SETUP.imagesMissing}
          </Text>
          <AdminSetupHint hint={MODEL_SETUP.imagesAdminHint} />
        </div>
      )}
      {source === 'input' && (
        <Select
          label="Your image"
          placeholder={images.isLoading ? 'Loading your images…' : 'Choose one of your images'}
          searchable
          data={(images.data?.inputs ?? []).map((input) => ({ value: String(input.id), label: input.name }))}
          value={inputId}
          onChange={onInputId}
          nothingFoundMessage={
            images.isLoading ? (
              'Loading…'
            ) : (
              <>
                No images yet. <Link to="/inputs/uploadedimages">Upload one in Inputs</Link>
              </>
            )
          }
          disabled={disabled}
        />
      )}
    </Stack>
  );
};
