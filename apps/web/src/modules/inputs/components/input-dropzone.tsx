import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  IMAGE_INPUT_EXTENSIONS,
  INPUT_LIMITS,
  INPUT_MESSAGES,
  TEXT_INPUT_EXTENSIONS,
  type TInputKind,
} from '@sales-assist/contract';
import { IconFileText, IconPhoto } from '@tabler/icons-react';
import { useRef } from 'react';
import { toast } from '../../../app/api/toast';
import { DropzoneStateIcon } from '../../../ui/dropzone-state-icon';

type TInputDropzoneProps = { kind: TInputKind; loading: boolean; onFiles: (files: File[]) => void };

/**
 * What the file picker offers. Browsers know no type for .md files and some report none for .docx,
 * so the extensions count as much as the types; the server decides by the bytes anyway.
 */
const ACCEPT: Record<TInputKind, Record<string, string[]>> = {
  text: {
    'text/plain': ['.txt'],
    'text/markdown': ['.md'],
    'application/pdf': ['.pdf'],
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  },
  image: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/webp': ['.webp'] },
};

const MEGABYTES = INPUT_LIMITS.fileBytes / 1024 / 1024;
/** Files dropped at once; each is uploaded in turn. */
const MAX_FILES = 10;

/** Drag and drop (or browse for) up to ten texts or pictures; each must pass the server's checks. */
export const InputDropzone = ({ kind, loading, onFiles }: TInputDropzoneProps) => {
  const openRef = useRef<() => void>(null);
  const extensions = kind === 'text' ? TEXT_INPUT_EXTENSIONS : IMAGE_INPUT_EXTENSIONS;
  const reject = (rejections: FileRejection[]) => {
    const [first] = rejections;
    if (!first) return;
    const codes = first.errors.map((error) => error.code);
    if (codes.includes('file-too-large'))
      return toast('warning', `${first.file.name}: ${INPUT_MESSAGES.fileTooLarge}`);
    if (codes.includes('too-many-files')) return toast('warning', `Drop at most ${MAX_FILES} files at once`);
    toast('warning', kind === 'text' ? INPUT_MESSAGES.notAText : INPUT_MESSAGES.notAnImage);
  };
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={onFiles}
        onReject={reject}
        accept={ACCEPT[kind]}
        maxSize={INPUT_LIMITS.fileBytes}
        maxFiles={MAX_FILES}
        loading={loading}
        openRef={openRef}
        activateOnClick
        radius="lg"
        aria-label={kind === 'text' ? 'Upload text files' : 'Upload images'}
        style={{ borderWidth: 2 }}
      >
        <Stack align="center" justify="center" gap="sm" mih={150} style={{ pointerEvents: 'none' }}>
          <DropzoneStateIcon
            idle={kind === 'text' ? IconFileText : IconPhoto}
            idleColor={kind === 'text' ? 'blue' : 'grape'}
          />
          <Text fw={600} ta="center">
            Drag &amp; Drop your {kind === 'text' ? 'files' : 'images'} here or Click on Browse to Upload
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {extensions.join(', ')} · up to {MEGABYTES} MB each
            {kind === 'text'
              ? ` · up to ${INPUT_LIMITS.textChars.toLocaleString('en-US')} characters of text`
              : ` · up to ${INPUT_LIMITS.imagePixels / 1_000_000} megapixels`}
          </Text>
        </Stack>
      </Dropzone>
      <Group justify="center">
        <Button variant="light" size="xs" onClick={() => openRef.current?.()} disabled={loading}>
          Browse
        </Button>
      </Group>
    </Stack>
  );
};
