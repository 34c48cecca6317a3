import { describe, expect, it } from 'vitest';
import { changedParts, lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('marks lines added, removed and kept, in order', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'same', text: 'd' },
      { kind: 'added', text: 'e' },
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(lineDiff('x\ny', 'y')).toEqual([
      { kind: 'removed', text: 'x' },
      { kind: 'same', text: 'y' },
    ]);
  });

  it('shows only the changes with a line around each, counting what it leaves out', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8'].join('\n');
    const after = ['1', '2', '3', 'four', '5', '6', '7', '8'].join('\n');
    expect(changedParts(lineDiff(before, after))).toEqual([
      { kind: 'skipped', count: 2 },
      { kind: 'same', text: '3' },
      { kind: 'removed', text: '4' },
      { kind: 'added', text: 'four' },
      { kind: 'same', text: '5' },
      { kind: 'skipped', count: 3 },
    ]);
  });
});
