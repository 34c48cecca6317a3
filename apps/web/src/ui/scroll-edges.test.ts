import { describe, expect, it } from 'vitest';
import { scrollEdges } from './scroll-edges';

describe('scrollEdges', () => {
  it('says which sides hide columns', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 960, clientWidth: 640 })).toEqual({
      left: false,
      right: true,
    });
    expect(scrollEdges({ scrollLeft: 160, scrollWidth: 960, clientWidth: 640 })).toEqual({
      left: true,
      right: true,
    });
    expect(scrollEdges({ scrollLeft: 320, scrollWidth: 960, clientWidth: 640 })).toEqual({
      left: true,
      right: false,
    });
  });

  it('sees nothing hidden when the table fits, even with sub-pixel rounding', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 800, clientWidth: 800 })).toEqual({
      left: false,
      right: false,
    });
    expect(scrollEdges({ scrollLeft: 0.5, scrollWidth: 800.6, clientWidth: 800 })).toEqual({
      left: false,
      right: false,
    });
  });
});
