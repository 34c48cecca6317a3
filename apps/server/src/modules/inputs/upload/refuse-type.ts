import { INPUT_MESSAGES } from '@sales-assist/contract';
import { AppError } from '../../../http/errors';
import type { DetectedType } from './detect-type';

const FOUND_LABELS: Record<string, string> = {
  exe: 'a Windows program',
  elf: 'a program',
  zip: 'a zip archive',
  binary: 'not a document this app reads',
  'non-utf8-text': 'text in an encoding other than UTF-8',
  cfb: 'an old Office document (.doc): save it as .docx',
  rtf: 'an RTF document: save it as .docx',
  gif: 'a GIF image',
};

/** What the file turned out to be, in words, when it is not what was asked for. */
const foundLabel = (type: DetectedType): string => {
  switch (type.family) {
    case 'image':
      return `a ${type.format.toUpperCase()} image`;
    case 'document':
      return `a ${type.format.toUpperCase()} document`;
    case 'text':
      return 'a text file';
    default:
      return FOUND_LABELS[type.found] ?? `a .${type.found} file`;
  }
};

/** 415 with the contract's message and, after it, what the bytes say the file is. */
export const wrongType = (wanted: 'text' | 'image', type: DetectedType): AppError => {
  if (wanted === 'text' && type.family === 'other' && type.found === 'non-utf8-text') {
    return new AppError(415, 'unsupported_media_type', INPUT_MESSAGES.notUtf8);
  }
  return new AppError(
    415,
    'unsupported_media_type',
    `${wanted === 'text' ? INPUT_MESSAGES.notAText : INPUT_MESSAGES.notAnImage} (this file is ${foundLabel(type)}).`,
  );
};
