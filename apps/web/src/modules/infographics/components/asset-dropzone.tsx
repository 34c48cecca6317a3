import type { FileRejection } from '@mantine/dropzone';
import {
  DESIGN_PICTURE_MAX_BYTES,
  INFOGRAPHIC_MAX_PIXELS,
  type TDesignAssetKind,
} from '@sales-assist/contract';
import { IconPhoto, IconTypography } from '@tabler/icons-react';
import { toast } from '../../../app/api/toast';
import { FileDropzone } from '../../../ui/file-dropzone';

/**
 * What the file picker offers. Browsers report fonts under several types (or none), so the extensions
 * count as much; the server decides by the bytes anyway.
 */
const ACCEPT: Record<'picture' | 'font', Record<string, string[]>> = {
  picture: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/webp': ['.webp'] },
  font: {
    'font/ttf': ['.ttf'],
    'font/otf': ['.otf'],
    'font/woff': ['.woff'],
    'application/x-font-ttf': ['.ttf'],
    'application/x-font-otf': ['.otf'],
    'application/font-woff': ['.woff'],
    'application/octet-stream': ['.ttf', '.otf', '.woff'],
  },
};

const MAX_FILES = 10;
const MEGABYTES = DESIGN_PICTURE_MAX_BYTES / 1024 / 1024;

type TAssetDropzoneProps = { kind: TDesignAssetKind; loading: boolean; onFiles: (files: File[]) => void };

/** Drag and drop (or browse for) pictures or fonts; each must pass the server's checks by content. */
export const AssetDropzone = ({ kind, loading, onFiles }: TAssetDropzoneProps) => {
  const font = kind === 'font';
  const reject = (rejections: FileRejection[]) => {
    const [first] = rejections;
    if (!first) return;
    const codes = first.errors.map((error) => error.code);
    if (codes.includes('file-too-large'))
      return toast('warning', `${first.file.name}: the file is larger than ${MEGABYTES} MB`);
    if (codes.includes('too-many-files')) return toast('warning', `Drop at most ${MAX_FILES} files at once`);
    toast('warning', font ? 'A font must be TTF, OTF or WOFF' : 'Pictures must be PNG, JPEG or WebP');
  };
  const plural = font ? 'fonts' : kind === 'background' ? 'backgrounds' : 'images';
  return (
    <FileDropzone
      label={`Upload ${plural}`}
      accept={ACCEPT[font ? 'font' : 'picture']}
      maxSize={DESIGN_PICTURE_MAX_BYTES}
      maxFiles={MAX_FILES}
      loading={loading}
      onDrop={onFiles}
      onReject={reject}
      icon={font ? IconTypography : IconPhoto}
      iconColor={font ? 'indigo' : 'grape'}
      minHeight={140}
      title={<>Drag &amp; Drop your {plural} here or Click on Browse to Upload</>}
      hint={
        font
          ? 'TTF, OTF or WOFF · up to 5 MB · checked by drawing a sample with it'
          : `PNG, JPEG or WebP · up to ${MEGABYTES} MB · up to ${INFOGRAPHIC_MAX_PIXELS / 1_000_000} megapixels`
      }
    />
  );
};
