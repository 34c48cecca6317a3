import { ZId } from './leads';
import { z } from './messages';

/**
 * Inputs: the user's own material that grounds generation. Texts are pasted or uploaded (.txt, .md,
 * .pdf, .docx, recognised by their content) and kept as extracted plain text; images (PNG, JPEG, WebP)
 * are kept with a thumbnail. The limits below are enforced by the server and shown by the web app.
 */
export const INPUT_KINDS = ['text', 'image'] as const;
export const ZInputKind = z.enum(INPUT_KINDS);
export type TInputKind = z.infer<typeof ZInputKind>;

export const INPUT_LIMITS = {
  /** Largest uploaded file (texts and images). */
  fileBytes: 10 * 1024 * 1024,
  /** Longest text kept, pasted or extracted (JavaScript characters, UTF-16 code units). */
  textChars: 200_000,
  /** Most pages a PDF may have. */
  pdfPages: 300,
  /** Most pixels an image may have (width × height), checked from its header before it is decoded. */
  imagePixels: 50_000_000,
  nameChars: 200,
  /** Thumbnails fit in a square of this many pixels (WebP). */
  thumbnailPx: 320,
} as const;

/**
 * What one generation takes from the chosen texts: each is cut to `eachChars`, all of them together to
 * `totalChars` (about 3,000 tokens), so the brand profile and the prompt still fit small local models.
 */
export const INPUT_PROMPT_LIMITS = { eachChars: 6_000, totalChars: 12_000 } as const;

/** File extensions the pickers offer; the server decides by content, never by name. */
export const TEXT_INPUT_EXTENSIONS = ['.txt', '.md', '.pdf', '.docx'] as const;
export const IMAGE_INPUT_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;

const megabytes = INPUT_LIMITS.fileBytes / 1024 / 1024;
const count = (value: number): string => value.toLocaleString('en-US');

export const INPUT_MESSAGES = {
  nameRequired: 'Give the text a name',
  nameTooLong: `The name can be at most ${INPUT_LIMITS.nameChars} characters`,
  textRequired: 'Paste some text',
  textTooLong: `The text can be at most ${count(INPUT_LIMITS.textChars)} characters`,
  selectFile: 'Please select a file',
  emptyFile: 'The file is empty',
  fileTooLarge: `The file is larger than ${megabytes} MB`,
  notAText: 'This file is not a text document: upload a .txt, .md, .pdf or .docx file',
  notAnImage: 'This file is not a picture: upload a PNG, JPEG or WebP image',
  notUtf8: 'This text file is not UTF-8 text: save it as UTF-8 and upload it again',
  tooManyPages: `The PDF has more than ${count(INPUT_LIMITS.pdfPages)} pages`,
  tooManyPixels: `The image has more than ${count(INPUT_LIMITS.imagePixels / 1_000_000)} million pixels`,
  unsafeDocument:
    'This document unpacks to far more data than its size (like a zip bomb), so it was not opened',
  unreadable: 'The file could not be read: it may be damaged or protected by a password',
  tooSlow: 'The document took too long to read: try a smaller one, or paste its text',
  noText:
    'No text was found in the file (a scanned PDF holds only pictures of its text): paste the text instead',
  inputNotFound: 'Input not found',
  notAnImageInput: 'This input is not an image',
  onlyTexts: 'Only text inputs can ground a generation: choose one of your texts',
  textSaved: 'Text Saved',
  fileUploaded: 'File Uploaded',
  imageUploaded: 'Image Uploaded',
  renamed: 'Input Renamed',
  deleted: 'Input Deleted',
} as const;

export const ZInputName = z
  .string(INPUT_MESSAGES.nameRequired)
  .trim()
  .min(1, INPUT_MESSAGES.nameRequired)
  .max(INPUT_LIMITS.nameChars, INPUT_MESSAGES.nameTooLong);

export const ZInput = z.object({
  id: z.number().int(),
  kind: ZInputKind,
  name: z.string(),
  /** The type found from the content: text/plain, text/markdown, application/pdf, …, image/png. */
  mime: z.string(),
  size_bytes: z.number().int(),
  /** Texts: the length of the kept text. */
  characters: z.number().int().nullable(),
  /** Texts: the beginning of the text, for lists. */
  excerpt: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Uploads keep their original file (GET /api/inputs/{id}/file); pasted texts have none. */
  has_file: z.boolean(),
  created_at: z.string().describe('ISO 8601'),
});
export type TInput = z.infer<typeof ZInput>;

export const ZInputDetail = ZInput.extend({ text: z.string().nullable() });
export type TInputDetail = z.infer<typeof ZInputDetail>;

/** Spec §9 tables offer 10, 50 and 100 rows. */
export const INPUT_PAGE_SIZE_MAX = 100;
export const ZInputsQuery = z.object({
  kind: ZInputKind,
  page: z.coerce.number().int().min(0).default(0).describe('zero-based'),
  limit: z.coerce.number().int().min(1).max(INPUT_PAGE_SIZE_MAX).default(12),
});
export type TInputsQuery = z.input<typeof ZInputsQuery>;
export const ZInputsResponse = z.object({ inputs: z.array(ZInput), total: z.number().int() });
export type TInputsResponse = z.infer<typeof ZInputsResponse>;

export const ZInputsSummaryResponse = z.object({ texts: z.number().int(), images: z.number().int() });
export type TInputsSummaryResponse = z.infer<typeof ZInputsSummaryResponse>;

export const ZCreateTextInputRequest = z.object({
  name: ZInputName,
  text: z
    .string(INPUT_MESSAGES.textRequired)
    .max(INPUT_LIMITS.textChars, INPUT_MESSAGES.textTooLong)
    .refine((text) => text.trim().length > 0, INPUT_MESSAGES.textRequired),
});
export type TCreateTextInputRequest = z.input<typeof ZCreateTextInputRequest>;

/** Upload forms (multipart/form-data): `file`, and optionally `name` (the file's name otherwise). */
export const ZInputUploadForm = z.object({ name: ZInputName.optional() });

export const ZRenameInputRequest = z.object({ name: ZInputName });
export type TRenameInputRequest = z.input<typeof ZRenameInputRequest>;

export const ZInputIdParams = z.object({ id: ZId });

export const ZInputResponse = z.object({ input: ZInputDetail });
export type TInputResponse = z.infer<typeof ZInputResponse>;
export const ZInputSavedResponse = z.object({ message: z.string(), input: ZInputDetail });
export type TInputSavedResponse = z.infer<typeof ZInputSavedResponse>;
