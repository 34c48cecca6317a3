import { describe, expect, it } from 'vitest';
import { clipField, excerpt, shortenText } from './shorten-text';

describe('shortenText', () => {
  it('leaves a text that fits as it is (tidied)', () => {
    expect(shortenText('Hi Jane,  thanks   for connecting. ', 300)).toBe('Hi Jane, thanks for connecting.');
    const exact = `${'a'.repeat(299)}.`;
    expect(shortenText(exact, 300)).toBe(exact);
  });

  it('cuts after the last whole sentence when that keeps most of the text', () => {
    const text = `${'First sentence is here. '.repeat(10)}And this last one goes on and on past the limit.`;
    const short = shortenText(text, 250);
    expect(short.length).toBeLessThanOrEqual(250);
    expect(short.endsWith('First sentence is here.')).toBe(true);
  });

  it('otherwise cuts after a whole word and adds an ellipsis, never in the middle of a word', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    const text = words.join(' ');
    for (const max of [20, 57, 100, 300]) {
      const short = shortenText(text, max);
      expect(short.length).toBeLessThanOrEqual(max);
      expect(short.endsWith('…')).toBe(true);
      const kept = short.slice(0, -1);
      expect(text.startsWith(kept)).toBe(true);
      // The next character of the original is a space: the last kept word is whole.
      expect(text[kept.length]).toBe(' ');
    }
  });

  it('drops a trailing comma or dash before the ellipsis', () => {
    expect(shortenText('Alpha beta, gamma delta epsilon zeta eta theta', 18)).toBe('Alpha beta, gamma…');
    expect(shortenText('Alpha beta, gamma delta', 16)).toBe('Alpha beta…');
  });

  it('answers empty when even the first word does not fit', () => {
    expect(shortenText('x'.repeat(400), 300)).toBe('');
  });
});

describe('clipField', () => {
  it('keeps whole words and drops a value with no word boundary in reach', () => {
    expect(clipField('Head of Growth Marketing and Partnerships', 20)).toBe('Head of Growth');
    expect(clipField('Acme & Co | Global', 11)).toBe('Acme & Co');
    expect(clipField('Acme & Co | Global', 8)).toBe('Acme');
    expect(clipField('y'.repeat(80), 30)).toBeNull();
    expect(clipField('Head of Sales and Marketing', 19)).toBe('Head of Sales');
    expect(clipField(null, 30)).toBeNull();
    expect(clipField('Short', 30)).toBe('Short');
  });
});

describe('excerpt', () => {
  it('flattens a text onto one line and keeps it whole when it fits', () => {
    expect(excerpt('  Thanks,\n\n  see you   soon ')).toBe('Thanks, see you soon');
    expect(excerpt('a'.repeat(80))).toBe('a'.repeat(80));
  });

  it('cuts at the room, without the space before the ellipsis, at 80 characters unless told', () => {
    expect(excerpt('a'.repeat(81))).toBe(`${'a'.repeat(79)}…`);
    expect(excerpt('Alpha beta gamma', 7)).toBe('Alpha…');
  });
});
