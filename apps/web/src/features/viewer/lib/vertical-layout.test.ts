import { describe, expect, it } from 'vitest';
import { columnOf, currentPage, DEFAULT_ASPECT, pageStepTop, pagesIn, scrollOfKey } from './vertical-layout';

describe('vertical column', () => {
  it('stacks the pages top to bottom at their own heights', () => {
    const { boxes, height } = columnOf([1.5, 2, 1]);
    expect(boxes).toEqual([
      { top: 0, height: 1.5 },
      { top: 1.5, height: 2 },
      { top: 3.5, height: 1 },
    ]);
    expect(height).toBe(4.5);
  });

  it('gives a page of unknown size its neighbour’s height, or a printed page’s when none is known', () => {
    expect(columnOf([null, 2, null]).boxes.map((b) => b.height)).toEqual([2, 2, 2]);
    expect(columnOf([null]).boxes[0]?.height).toBe(DEFAULT_ASPECT);
  });

  it('names as current the page filling most of the view', () => {
    const { boxes } = columnOf([1, 1, 1, 1]);
    expect(currentPage(boxes, 0, 0.5)).toBe(0);
    expect(currentPage(boxes, 0.7, 1.5)).toBe(1);
    expect(currentPage(boxes, 0.4, 1.4)).toBe(0);
    expect(currentPage(boxes, 3.5, 4)).toBe(3);
  });

  it('lists only the pages near a band, for a long chapter', () => {
    const { boxes } = columnOf(Array.from({ length: 200 }, () => 1.5));
    expect(pagesIn(boxes, 150, 152)).toEqual([100, 101]);
  });

  it('goes a screen with the arrows and a page with Page Down, Page Up and Space', () => {
    expect(scrollOfKey('ArrowDown', false)).toBe('screenDown');
    expect(scrollOfKey('ArrowUp', false)).toBe('screenUp');
    expect(scrollOfKey('PageDown', false)).toBe('pageDown');
    expect(scrollOfKey(' ', false)).toBe('pageDown');
    expect(scrollOfKey(' ', true)).toBe('pageUp');
    expect(scrollOfKey('Home', false)).toBe('start');
    expect(scrollOfKey('End', false)).toBe('end');
    expect(scrollOfKey('ArrowLeft', false)).toBeNull();
  });

  it('turns to the next page’s top, or back to the top of the page the view is in', () => {
    const { boxes } = columnOf([1, 1, 1]);
    expect(pageStepTop(boxes, 0, true)).toBe(1);
    expect(pageStepTop(boxes, 1.5, true)).toBe(2);
    expect(pageStepTop(boxes, 1.5, false)).toBe(1);
    expect(pageStepTop(boxes, 1, false)).toBe(0);
    expect(pageStepTop(boxes, 2.2, true)).toBe(3);
    expect(pageStepTop(boxes, 0, false)).toBe(0);
  });
});
