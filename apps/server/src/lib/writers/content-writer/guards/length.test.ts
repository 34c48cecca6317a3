import { describe, expect, it } from 'vitest';
import { checkLength, lengthNote, wordCount } from './length';

describe('the length guard', () => {
  it('counts the words a reader sees, not tags or punctuation', () => {
    expect(
      wordCount('<p>Approvers get a card — in Slack, not e-mail.</p><ul><li>It’s quick.</li></ul>'),
    ).toBe(10);
    expect(wordCount('')).toBe(0);
  });

  it('lets a piece within a quarter of the asked length pass, and names the side it misses on', () => {
    expect(checkLength(900, 1200).off).toBeNull();
    expect(checkLength(1500, 1200).off).toBeNull();
    expect(checkLength(899, 1200).off).toBe('short');
    expect(checkLength(110, 1200)).toEqual({ words: 110, asked: 1200, off: 'short' });
    expect(checkLength(1501, 1200).off).toBe('long');
  });

  it('tells the user both figures', () => {
    expect(lengthNote(checkLength(110, 1200))).toBe('It has about 110 words; about 1,200 were asked for.');
  });
});
