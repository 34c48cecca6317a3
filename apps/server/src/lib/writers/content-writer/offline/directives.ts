/**
 * The few instructions of an admin's prompt that a composer without a model can honour. Anything else
 * in the prompt is for a model; the offline writer reads only these, written the way people write them:
 *
 * - sections: "in 5 sections", "five sections", "4 to 6 sections" (the middle), "sections: 5" (blog posts, 2–12)
 * - words: "about 1,500 words", "800-1000 words" (the middle), "word count: 900" (50–4,000; blog posts,
 *   and a cap on a LinkedIn post's body). A number of words per paragraph, sentence, hook or title is
 *   not a length and is ignored.
 * - callToAction: "call to action: Book a demo at …" (that text), "no call to action" (none)
 * - emoji: "no emoji", "without emojis", "avoid emoji" (none); "use emoji", "add a few emojis" (some)
 * - hashtags: "3 hashtags", "3 to 5 hashtags" (the lower end), "hashtags: 3", "no hashtags" (LinkedIn, 0–5)
 */
export type PromptDirectives = {
  sections: number | null;
  words: number | null;
  /** A call to action's own text, `false` for "none", null when the prompt says nothing. */
  callToAction: string | false | null;
  emoji: boolean | null;
  hashtags: number | null;
};

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const NUMBER = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;

const numberOf = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const word = NUMBER_WORDS[text.toLowerCase()];
  if (word !== undefined) return word;
  const value = Number.parseInt(text.replace(/[,\s]/g, ''), 10);
  return Number.isFinite(value) ? value : null;
};

/** A word count outside these is a typo, not a wish (a LinkedIn post of 60 words is a real one). */
const WORDS_MIN = 50;
const WORDS_MAX = 4000;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

const sectionsOf = (prompt: string): number | null => {
  const match =
    prompt.match(
      new RegExp(
        String.raw`\b${NUMBER}(?:\s*(?:-|–|to)\s*${NUMBER})?\s+(?:main\s+)?(?:sections|parts|h2 headings|headings)\b`,
        'i',
      ),
    ) ?? prompt.match(/\b(?:sections|number of sections)\s*[:=]\s*(\d{1,2})\b/i);
  // "4 to 6 sections": the middle of the range.
  const low = numberOf(match?.[1]);
  const high = numberOf(match?.[2]);
  const value = low !== null && high !== null && high > low ? Math.round((low + high) / 2) : low;
  return value === null ? null : clamp(value, 2, 12);
};

/** Words before a count that make it a limit on something smaller than the whole text. */
const NOT_A_LENGTH =
  /\b(?:paragraph|sentence|hook|title|headline|meta|heading|line|bullet|item|intro|summary)s?\b[^.\n]*$/i;

const wordsOf = (prompt: string): number | null => {
  const explicit = prompt.match(
    /\bword\s*count\s*[:=]?\s*(?:of\s+)?(?:about\s+|around\s+)?(\d[\d,]{1,5})\b/i,
  );
  if (explicit) {
    const value = numberOf(explicit[1]);
    return value === null ? null : clamp(value, WORDS_MIN, WORDS_MAX);
  }
  for (const match of prompt.matchAll(/(\d[\d,]{1,5})(?:\s*(?:-|–|to)\s*(\d[\d,]{1,5}))?\s+words\b/gi)) {
    const before = prompt.slice(Math.max(0, (match.index ?? 0) - 60), match.index);
    if (NOT_A_LENGTH.test(before)) continue;
    const low = numberOf(match[1]);
    const high = numberOf(match[2]);
    if (low === null) continue;
    const value = high !== null && high > low ? Math.round((low + high) / 2) : low;
    return clamp(value, WORDS_MIN, WORDS_MAX);
  }
  return null;
};

const callToActionOf = (prompt: string): string | false | null => {
  if (
    /\b(?:no|without|skip|avoid|don['’]?t (?:add|include|use)|do not (?:add|include|use))\s+(?:a\s+|any\s+)?(?:call[- ]to[- ]action|cta)\b/i.test(
      prompt,
    )
  ) {
    return false;
  }
  const stated = prompt.match(
    /\b(?:call[- ]to[- ]action|cta)\s*(?:[:=]|is)\s*["“']?([^"”\n]{3,200}?)["”']?\s*(?:\n|$)/i,
  );
  const text = stated?.[1]?.trim().replace(/[.;,]+$/, '');
  // A variable ("{call_to_action}") is the LLM writer's business; only written words are taken.
  if (text && !/[{}]/.test(text)) return text;
  return null;
};

const emojiOf = (prompt: string): boolean | null => {
  if (
    /\b(?:no|without|avoid|zero|never use|don['’]?t use|do not use)\s+(?:any\s+)?emojis?\b|\bemoji[- ]free\b/i.test(
      prompt,
    )
  ) {
    return false;
  }
  if (
    /\b(?:use|add|include|with|sprinkle(?: in)?)\s+(?:some\s+|a few\s+|a couple of\s+|an?\s+)?emojis?\b/i.test(
      prompt,
    )
  ) {
    return true;
  }
  return null;
};

const hashtagsOf = (prompt: string): number | null => {
  if (/\b(?:no|without|zero)\s+hashtags?\b/i.test(prompt)) return 0;
  // "3 to 5 hashtags" is met by 3: the lower end, as fewer good tags beat more weak ones.
  const match =
    prompt.match(
      new RegExp(
        String.raw`\b${NUMBER}\s*(?:-|–|to)\s*${NUMBER}\s+(?:relevant\s+|related\s+)?hashtags?\b`,
        'i',
      ),
    ) ??
    prompt.match(new RegExp(String.raw`\b${NUMBER}\s+(?:relevant\s+|related\s+)?hashtags?\b`, 'i')) ??
    prompt.match(/\bhashtags?\s*[:=]\s*(\d{1,2})\b/i);
  const value = numberOf(match?.[1]);
  return value === null ? null : clamp(value, 0, 5);
};

export const directivesOf = (prompt: string): PromptDirectives => ({
  sections: sectionsOf(prompt),
  words: wordsOf(prompt),
  callToAction: callToActionOf(prompt),
  emoji: emojiOf(prompt),
  hashtags: hashtagsOf(prompt),
});
