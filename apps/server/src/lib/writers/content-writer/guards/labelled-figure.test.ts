import { describe, expect, it } from 'vitest';
import { labelledFigure } from './labelled-figure';

describe('a figure on a picture says what it counts', () => {
  it('keeps a figure that already names what it counts', () => {
    expect(labelledFigure('3× faster', 'Close the books 3× faster.')).toBe('3× faster');
    expect(labelledFigure('40 hours saved', 'Teams report 40 hours saved a month.')).toBe('40 hours saved');
  });

  it('gives a bare number the words that follow it in the post', () => {
    const post = 'LedgerLoop is built for finance teams at companies of 50 to 1,000 employees. Try it.';
    expect(labelledFigure('50', post)).toBe('50 to 1,000 employees');
    expect(labelledFigure('3×', 'Approvers answer 3× faster, from Slack.')).toBe('3× faster');
  });

  it('drops a number the post does not label, or whose label is too long for a figure', () => {
    expect(labelledFigure('50', 'We have 50.')).toBeNull();
    expect(labelledFigure('7', 'Seven is not 8 or 9.')).toBeNull();
    expect(labelledFigure('12', 'Over 12 internationalisation-ready multi-entity consolidations')).toBeNull();
    expect(labelledFigure(null, 'Anything')).toBeNull();
    expect(labelledFigure('  ', 'Anything')).toBeNull();
  });
});
