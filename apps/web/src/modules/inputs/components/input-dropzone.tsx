import type { FileRejection } from '@mantine/dropzone';
import {
  IMAGE_INPUT_EXTENSIONS,
  INPUT_LIMITS,
  INPUT_MESSAGES,
  TEXT_INPUT_EXTENSIONS,
  type TInputKind,
} from '@sales-assist/contract';
import { IconFileText, IconPhoto } from '@tabler/icons-react';
import { toast } from '../../../app/api/toast';
import { FileDropzone } from '../../../ui/file-dropzone';

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
    <FileDropzone
      label={kind === 'text' ? 'Upload text files' : 'Upload images'}
      accept={ACCEPT[kind]}
      maxSize={INPUT_LIMITS.fileBytes}
      maxFiles={MAX_FILES}
      loading={loading}
      onDrop={onFiles}
      onReject={reject}
      icon={kind === 'text' ? IconFileText : IconPhoto}
      iconColor={kind === 'text' ? 'blue' : 'grape'}
      minHeight={150}
      title={
        <>Drag &amp; Drop your {kind === 'text' ? 'files' : 'images'} here or Click on Browse to Upload</>
      }
      hint={
        <>
          {extensions.join(', ')} · up to {MEGABYTES} MB each
          {kind === 'text'
            ? ` · up to ${INPUT_LIMITS.textChars.toLocaleString('en-US')} characters of text`
            : ` · up to ${INPUT_LIMITS.imagePixels / 1_000_000} megapixels`}
        </>
      }
    />
  );
};
