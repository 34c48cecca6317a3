/**
 * The writer streams all variants as one text; this tells the browser which variant each piece belongs
 * to. A line that names a post ("POST 2", "### Variant 2", "=== Post 2 ===") starts that variant, a
 * line of only `---` or `===` starts the next one; those lines are not shown. A line is held back only
 * while it could still turn out to be such a marker, so text shows as it is written.
 */
const MARKER = /^\s*(?:[#=*\-_>]+\s*)?\**\s*(?:post|variant|version|option)\s*#?\s*(\d{1,2})\b[^\n]{0,40}$/i;
const SEPARATOR = /^\s*(?:-{3,}|={3,}|\*{3,}|_{3,})\s*$/;
/** A line that may still become a marker: held until its end (or until it clearly is text). */
const MAY_BE_MARKER =
  /^\s*(?:[#=*\-_>]+\s*)?\**\s*(?:p(?:o(?:s(?:t)?)?)?|v(?:a(?:r(?:i(?:a(?:n(?:t)?)?)?)?)?|e(?:r(?:s(?:i(?:o(?:n)?)?)?)?)?)?|o(?:p(?:t(?:i(?:o(?:n)?)?)?)?)?)?\s*#?\s*\d{0,2}$/i;

export type VariantDeltas = { push: (delta: string) => void; flush: () => void };

export const createVariantDeltas = (
  variants: number,
  emit: (variant: number, text: string) => void,
): VariantDeltas => {
  let current = 0;
  let seenText = false;
  /** The line being written: held text, and whether part of it was already sent. */
  let line = '';
  let lineStarted = false;

  const send = (text: string) => {
    if (!text) return;
    if (text.trim()) seenText = true;
    emit(current, text);
  };
  const switchTo = (next: number) => {
    current = Math.min(variants - 1, Math.max(0, next));
  };
  /** `end`: what follows the line (a newline, or nothing at the very end of the answer). */
  const completeLine = (text: string, end = '\n') => {
    if (!lineStarted) {
      const marker = MARKER.exec(text);
      if (marker) {
        switchTo(Number(marker[1]) - 1);
        return;
      }
      if (SEPARATOR.test(text)) {
        if (seenText) switchTo(current + 1);
        return;
      }
    }
    send(`${text}${end}`);
  };

  return {
    push: (delta) => {
      const pieces = `${line}${delta}`.split('\n');
      line = pieces.pop() ?? '';
      for (const piece of pieces) {
        completeLine(piece);
        lineStarted = false;
      }
      if (line && (lineStarted || !MAY_BE_MARKER.test(line))) {
        send(line);
        line = '';
        lineStarted = true;
      }
    },
    flush: () => {
      if (line) completeLine(line, '');
      line = '';
      lineStarted = false;
    },
  };
};
