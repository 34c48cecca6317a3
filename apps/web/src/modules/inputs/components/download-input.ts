import type { TInput } from '@sales-assist/contract';
import { toast } from '../../../app/api/toast';
import { fetchInputFile } from '../lib/fetch-input-file';

const EXTENSIONS: Record<string, string> = {
  'text/plain': '.txt',
  'text/markdown': '.md',
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};

/** The input's name, with the extension of its real type when the name has not got it. */
const fileNameOf = (input: TInput): string => {
  const extension = EXTENSIONS[input.mime] ?? '';
  return input.name.toLowerCase().endsWith(extension) ? input.name : `${input.name}${extension}`;
};

/** Saves an upload's original file (for pictures: the copy kept, without its metadata). */
export const downloadInput = async (input: TInput): Promise<void> => {
  try {
    const blob = await fetchInputFile(input.id, 'file');
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(input);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toast('error', "Can't download the file");
  }
};
