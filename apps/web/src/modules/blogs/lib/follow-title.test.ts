import { describe, expect, it } from 'vitest';
import { slugAfterTitleEdit } from './follow-title';

describe('the slug as the title is edited', () => {
  it('follows the title while it is the slug the title makes', () => {
    expect(
      slugAfterTitleEdit('Ten ways to brew', 'ten-ways-to-brew', 'Ten ways to brew better coffee & tea'),
    ).toBe('ten-ways-to-brew-better-coffee-and-tea');
    expect(slugAfterTitleEdit('Anything', '', 'Café crème')).toBe('cafe-creme');
  });

  it('keeps a slug the person chose', () => {
    expect(slugAfterTitleEdit('Ten ways to brew', 'brew-guide', 'Ten ways to brew better coffee')).toBe(
      'brew-guide',
    );
  });
});
