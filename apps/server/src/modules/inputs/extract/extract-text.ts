import { INPUT_LIMITS, INPUT_MESSAGES } from '@sales-assist/contract';
import { AppError } from '../../../http/errors';
import { normaliseText } from '../text-normalise';
import type { DetectedType } from '../upload/detect-type';
import { checkDocxZip } from './check-docx-zip';
import { type ExtractionLimits, runExtraction } from './run-extraction';

type TextType = Extract<DetectedType, { family: 'text' | 'document' }>;

const tooLong = (): AppError => new AppError(413, 'too_large', INPUT_MESSAGES.textTooLong);
const unreadable = (): AppError => new AppError(422, 'unreadable_file', INPUT_MESSAGES.unreadable);

/** The kept text: normalised, not empty, not longer than INPUT_LIMITS.textChars. */
const keptText = (raw: string): string => {
  const text = normaliseText(raw);
  if (!text) throw new AppError(422, 'no_text', INPUT_MESSAGES.noText);
  if (text.length > INPUT_LIMITS.textChars) throw tooLong();
  return text;
};

/**
 * The plain text of an uploaded text file. .txt and .md are decoded here (they are proven UTF-8
 * already); a PDF or .docx is read in a worker thread under a memory and time limit, a .docx only
 * after its zip has been checked for bombs. Every refusal is a 4xx naming the reason.
 */
export const extractText = async (
  bytes: Buffer,
  type: TextType,
  limits?: ExtractionLimits,
): Promise<string> => {
  if (type.family === 'text') return keptText(bytes.toString('utf8'));
  if (type.format === 'docx') await checkDocxZip(bytes);
  const answer = await runExtraction(
    { format: type.format, bytes, maxPages: INPUT_LIMITS.pdfPages, maxChars: INPUT_LIMITS.textChars },
    limits,
  );
  if (answer.ok) return keptText(answer.text);
  switch (answer.reason) {
    case 'too_many_pages':
      throw new AppError(413, 'too_large', INPUT_MESSAGES.tooManyPages);
    case 'too_long':
      throw tooLong();
    case 'timeout':
      throw new AppError(422, 'unreadable_file', INPUT_MESSAGES.tooSlow);
    case 'memory':
      throw new AppError(422, 'unsafe_file', INPUT_MESSAGES.unsafeDocument);
    default:
      throw unreadable();
  }
};
