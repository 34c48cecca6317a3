import { fileTypeFromBuffer } from 'file-type';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type DetectedType =
  | { family: 'text'; format: 'txt' | 'md'; mime: 'text/plain' | 'text/markdown' }
  | { family: 'document'; format: 'pdf'; mime: 'application/pdf' }
  | { family: 'document'; format: 'docx'; mime: typeof DOCX_MIME }
  | { family: 'image'; format: 'png'; mime: 'image/png' }
  | { family: 'image'; format: 'jpeg'; mime: 'image/jpeg' }
  | { family: 'image'; format: 'webp'; mime: 'image/webp' }
  /** Anything else, with what it was found to be (for the message): "exe", "zip", "binary", "non-utf8-text"… */
  | { family: 'other'; found: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * What a file is, from its bytes (magic numbers, and for .docx the parts inside the zip), never from
 * its name: a PNG named report.pdf is a PNG. Only text files are told apart by name, and only between
 * the two kinds of text (.md is Markdown, anything else plain), once the bytes have proved to be text.
 */
export const detectType = async (bytes: Uint8Array, fileName: string): Promise<DetectedType> => {
  const found = await fileTypeFromBuffer(bytes);
  switch (found?.mime) {
    case 'application/pdf':
      return { family: 'document', format: 'pdf', mime: 'application/pdf' };
    case DOCX_MIME:
      return { family: 'document', format: 'docx', mime: DOCX_MIME };
    case 'image/png':
      return { family: 'image', format: 'png', mime: 'image/png' };
    case 'image/jpeg':
      return { family: 'image', format: 'jpeg', mime: 'image/jpeg' };
    case 'image/webp':
      return { family: 'image', format: 'webp', mime: 'image/webp' };
  }
  // RTF is ASCII, but its text is buried in markup that would reach the prompts as it is.
  if (found?.ext === 'rtf') return { family: 'other', found: 'rtf' };
  // A .txt or .md must be valid UTF-8 with no NUL. Other text formats that file-type names (XML,
  // calendars…) are still text to read.
  const nul = bytes.includes(0);
  if (!nul && isUtf8(bytes)) {
    return /\.(md|markdown)$/i.test(fileName.trim())
      ? { family: 'text', format: 'md', mime: 'text/markdown' }
      : { family: 'text', format: 'txt', mime: 'text/plain' };
  }
  // No NUL and nothing file-type knows: most likely text in another encoding (Windows-1252, Latin-1).
  return { family: 'other', found: found?.ext ?? (nul ? 'binary' : 'non-utf8-text') };
};
