import { describe, expect, it } from 'vitest';
import { titleOf } from '../src/modules/content/content-title';

// One name for a content item, the same on the calendar and in the notices about its publishing.
describe('the title of a content item', () => {
  it('is its own title, on one line', () => {
    expect(titleOf('Five ways\n to  brew', '<p>ignored</p>')).toBe('Five ways to brew');
  });

  it('is the start of its words when it has no title: a blog’s HTML gives its text, entities read', () => {
    expect(titleOf('  ', '<h2>Start</h2><p>Fresh beans &amp; clean water.</p>')).toBe(
      'Start Fresh beans & clean water.',
    );
  });

  it('ends in an ellipsis past 80 characters', () => {
    const title = titleOf('', 'word '.repeat(40));
    expect(title).toHaveLength(80);
    expect(title.endsWith('…')).toBe(true);
  });
});
