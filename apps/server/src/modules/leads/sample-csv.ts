import { LEAD_CSV_COLUMNS } from '@sales-assist/contract';
import { csvRecord, UTF8_BOM } from './csv/csv-format';

export const SAMPLE_CSV_FILE_NAME = 'sample.csv';

const SAMPLE_ROWS: readonly (readonly string[])[] = [
  [
    'Jane Doe',
    'Head of Marketing at Acme Corp | B2B growth',
    'London, England, United Kingdom',
    'Acme Corp',
    '2nd',
    'LinkedIn Search',
    'https://www.linkedin.com/in/jane-doe-example',
    'None',
  ],
  [
    'John Smith',
    'VP Sales, EMEA',
    'Berlin, Germany',
    'Globex GmbH',
    '3rd+',
    'LinkedIn Search',
    'https://www.linkedin.com/in/john-smith-example',
    'None',
  ],
];

/** The file behind the import page's "sample CSV" link: the columns the import reads best. */
export const SAMPLE_CSV = UTF8_BOM + [LEAD_CSV_COLUMNS, ...SAMPLE_ROWS].map(csvRecord).join('');
