import { crc32, deflateRawSync } from 'node:zlib';

export type ZipEntry = {
  name: string;
  data: Buffer;
  /** Stored (0) or deflated (8, default). */
  method?: 0 | 8;
  /** Written in the headers instead of the real size: how a lying zip looks. */
  declaredSize?: number;
};

const u16 = (value: number): Buffer => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
};
const u32 = (value: number): Buffer => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
};

/**
 * A zip archive (what a .docx is) built by hand for the tests: real deflate and CRC-32, one local
 * header and one central-directory record per entry, and optionally a declared size that lies.
 */
export const writeZip = (entries: ZipEntry[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const compressed = method === 8 ? deflateRawSync(entry.data, { level: 9 }) : entry.data;
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredSize ?? entry.data.length;
    const common = Buffer.concat([
      u16(20), // version needed
      u16(0x0800), // UTF-8 names
      u16(method),
      u16(0), // time
      u16(0x21), // date (1980-01-01)
      u32(crc32(entry.data)),
      u32(compressed.length),
      u32(size),
      u16(name.length),
      u16(0), // extra length
    ]);
    const local = Buffer.concat([u32(0x04034b50), common, name, compressed]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20), // version made by
        common,
        u16(0), // comment length
        u16(0), // disk
        u16(0), // internal attributes
        u32(0), // external attributes
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
};

const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The parts every .docx has, with `document` as word/document.xml. */
export const docxEntries = (document: Buffer): ZipEntry[] => [
  {
    name: '[Content_Types].xml',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
  },
  {
    name: '_rels/.rels',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
  },
  { name: 'word/document.xml', data: document },
];

/** word/document.xml with one paragraph per line. */
export const documentXml = (paragraphs: string[]): Buffer =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs
        .map((text) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`)
        .join('') +
      '</w:body></w:document>',
  );

/** A real, minimal .docx whose paragraphs are `paragraphs`. */
export const writeDocx = (paragraphs: string[]): Buffer => writeZip(docxEntries(documentXml(paragraphs)));
