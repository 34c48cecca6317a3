/**
 * LinkedIn's Posts API reads `commentary` as "little text": \ | { } @ [ ] ( ) < > # * _ ~ are markup,
 * and an unescaped one makes LinkedIn silently cut the post there. Every reserved character is
 * backslash-escaped, except the start of a #hashtag (# followed by a letter or digit), which stays
 * markup so hashtags remain clickable as the writer meant them.
 */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

export const escapeLittleText = (text: string, options: { keepHashtags?: boolean } = {}): string => {
  const keepHashtags = options.keepHashtags ?? true;
  return text.replace(RESERVED, (ch, offset: number) => {
    if (ch === '#' && keepHashtags) {
      const next = text.slice(offset + 1, offset + 2);
      const before = offset === 0 ? '' : text.slice(offset - 1, offset);
      // "#tag" at a word start is a hashtag; "C#" or "#1" is not.
      if (/^[\p{L}]$/u.test(next) && !/^[\p{L}\p{N}_]$/u.test(before)) return ch;
    }
    return `\\${ch}`;
  });
};

/** Longest commentary LinkedIn accepts, counted after escaping. */
export const LINKEDIN_COMMENTARY_MAX = 3000;

/**
 * Plain text from little text as LinkedIn stores and answers it: a hashtag comes back as the template
 * `{hashtag|\#|tag}` (whatever way it was sent), an escaped reserved character as itself. Our own
 * posts hold no other markup (escapeLittleText escapes everything else), so this is the text we sent.
 */
export const plainOfLittleText = (commentary: string): string =>
  commentary
    .replace(/\{hashtag\|\\?#\|([^}]*)\}/g, (_match, tag: string) => `#${tag}`)
    .replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1');
