// Reads the text of one PDF or .docx in a worker thread of its own, so a hostile or merely huge
// document is bounded: the parent gives the thread a memory ceiling and a time limit and terminates it
// past either. Plain JavaScript, so it starts the same under Node, tsx and the test runner.
// workerData: { format: 'pdf' | 'docx', bytes: Uint8Array, maxPages: number, maxChars: number }
// Answers once: { ok: true, text, pages } or { ok: false, reason: 'too_many_pages' | 'too_long' | 'unreadable' }.
import { parentPort, workerData } from 'node:worker_threads';

const { format, bytes, maxPages, maxChars } = workerData;

const readPdf = async () => {
  const { getDocumentProxy } = await import('unpdf');
  // No eval (pdf.js compiles fonts with it otherwise) and no fonts from the system: only text is read.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    // Errors only: pdf.js warns about every standard font it has no data for, which text does not need.
    verbosity: 0,
  });
  if (pdf.numPages > maxPages) return { ok: false, reason: 'too_many_pages', pages: pdf.numPages };
  const pages = [];
  let length = 0;
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .filter((item) => typeof item.str === 'string')
      .map((item) => item.str + (item.hasEOL ? '\n' : ''))
      .join('');
    page.cleanup();
    length += text.length;
    // Stop reading as soon as the text cannot be kept anyway.
    if (length > maxChars * 2) return { ok: false, reason: 'too_long' };
    pages.push(text);
  }
  // The thread ends after this answer, taking the document with it.
  return { ok: true, text: pages.join('\n\n'), pages: pdf.numPages };
};

const readDocx = async () => {
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  if (result.value.length > maxChars * 2) return { ok: false, reason: 'too_long' };
  return { ok: true, text: result.value, pages: null };
};

try {
  const answer = format === 'pdf' ? await readPdf() : await readDocx();
  parentPort.postMessage(answer);
} catch (error) {
  parentPort.postMessage({
    ok: false,
    reason: 'unreadable',
    detail: String(error?.message ?? error).slice(0, 300),
  });
}
