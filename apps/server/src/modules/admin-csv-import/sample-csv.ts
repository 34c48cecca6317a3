import { CSV_IMPORT_COLUMNS, type TCsvImportKind } from '@sales-assist/contract';
import { csvRecord, UTF8_BOM } from '../leads/csv/csv-format';

// promptname, purpose, prompttext, promptid
const PROMPT_ROWS: readonly (readonly string[])[] = [
  [
    'Social post, question first',
    'social_post',
    'Write {count} social media posts for {company} about {topic}. Open each with a question the audience ({audience}) asks, answer it in two short lines, end with one call to action and 2 to 3 hashtags. No invented facts.',
    '',
  ],
  [
    'Infographic, three steps',
    'infographic',
    'Plan an infographic for {company} on {topic}: a title of at most 60 characters and three steps, each a heading of at most 5 words and one sentence. Use only facts from {source}.',
    '',
  ],
];

const TEMPLATE_ROWS: readonly (readonly string[])[] = [
  // theme, layout, background, surface, text, accent, muted, size, heading_font, body_font, show_footer,
  // background_asset_id, selection_promptid, image_promptid, text_post_promptid
  [
    'Slate cards (sample)',
    'cards',
    '#0F172A',
    '#1E293B',
    '#F8FAFC',
    '#38BDF8',
    '#94A3B8',
    '1080x1080',
    'Inter',
    'Inter',
    'yes',
    '',
    '',
    '',
    '',
  ],
  [
    'Linen quote (sample)',
    'quote',
    '#FFFBF5',
    '#FFFFFF',
    '#1F2937',
    '#B45309',
    '#6B7280',
    '1080x1350',
    'DejaVu Serif',
    'DejaVu Sans',
    'yes',
    '',
    '',
    '',
    '',
  ],
];

const header = (kind: TCsvImportKind) => [
  ...CSV_IMPORT_COLUMNS[kind].required,
  ...CSV_IMPORT_COLUMNS[kind].optional,
];

/**
 * The sample file of each kind: every column the import reads, in the order above, and two rows that
 * import as they are (prompt ids left empty: the current prompt of each step).
 */
export const sampleCsv = (kind: TCsvImportKind): string => {
  const columns = header(kind);
  const rows = kind === 'prompts' ? PROMPT_ROWS : TEMPLATE_ROWS;
  return UTF8_BOM + [columns, ...rows].map(csvRecord).join('');
};
