import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows five consecutive pages centred on the current one', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
  });

  it('slides inwards at either end so there are always five', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are five or fewer, and nothing when there are none', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('keeps a page outside the range (a deleted last page) inside the window', () => {
    expect(pageWindow(9, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(0, 6)).toEqual([1, 2, 3, 4, 5]);
  });
});
