import { describe, expect, it } from 'vitest';
import { createVariantDeltas } from './variant-deltas';

const run = (variants: number, pieces: string[]) => {
  const texts: string[] = Array.from({ length: variants }, () => '');
  const events: [number, string][] = [];
  const deltas = createVariantDeltas(variants, (variant, text) => {
    texts[variant] += text;
    events.push([variant, text]);
  });
  for (const piece of pieces) deltas.push(piece);
  deltas.flush();
  return { texts, events };
};

describe('createVariantDeltas', () => {
  it('splits variants at a line of --- (as the writer streams them), in any chunking', () => {
    const answer =
      'First hook\n\nBody one.\n#a #b\n---\nSecond hook\n\nBody two.\n#c\n---\nThird hook\nBody three.';
    for (const size of [1, 2, 3, 7, 1000]) {
      const pieces = answer.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      const { texts } = run(3, pieces);
      expect(texts, `chunks of ${size}`).toEqual([
        'First hook\n\nBody one.\n#a #b\n',
        'Second hook\n\nBody two.\n#c\n',
        'Third hook\nBody three.',
      ]);
    }
  });

  it('follows lines that name the post, and hides them', () => {
    const { texts } = run(2, ['Post 1:\nHello there\n', '### Variant 2\nSecond one']);
    expect(texts).toEqual(['Hello there\n', 'Second one']);
  });

  it('sends text as it comes, holding back only what may still be a marker', () => {
    const { events } = run(2, ['Growth is ', 'a habit', '\nP', 'eople ask']);
    expect(events.map(([, text]) => text)).toEqual(['Growth is ', 'a habit', '\n', 'People ask']);
  });

  it('never goes past the last variant, and ignores a separator before any text', () => {
    const { texts } = run(2, ['---\nOne\n---\nTwo\n---\nThree\n']);
    expect(texts).toEqual(['One\n', 'Two\nThree\n']);
  });
});
