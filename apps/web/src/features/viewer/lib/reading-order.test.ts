import { describe, expect, it } from 'vitest';
import { leftToRight, openingsOf, turnOfKey, turnPage } from './reading-order';

describe('reading order', () => {
  it('turns forward with ← in right-to-left manga and with → in left-to-right books', () => {
    expect(turnOfKey('ArrowLeft', 'rtl')).toBe('next');
    expect(turnOfKey('ArrowRight', 'rtl')).toBe('previous');
    expect(turnOfKey('ArrowRight', 'ltr')).toBe('next');
    expect(turnOfKey('ArrowLeft', 'ltr')).toBe('previous');
  });

  it('turns no page in a vertical chapter, which scrolls instead', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'PageDown', 'PageUp']) {
      expect(turnOfKey(key, 'vertical')).toBeNull();
    }
  });

  it('turns with Page Down and Page Up in both horizontal directions', () => {
    for (const direction of ['rtl', 'ltr'] as const) {
      expect(turnOfKey('PageDown', direction)).toBe('next');
      expect(turnOfKey('PageUp', direction)).toBe('previous');
    }
  });

  it('opens a chapter on its first page alone, then two pages at a time', () => {
    expect(openingsOf(6)).toEqual([[0], [1, 2], [3, 4], [5]]);
    expect(openingsOf(5)).toEqual([[0], [1, 2], [3, 4]]);
    expect(openingsOf(0)).toEqual([]);
  });

  it('puts the lower page of a spread on the binding side', () => {
    expect(leftToRight([1, 2], 'rtl')).toEqual([2, 1]);
    expect(leftToRight([1, 2], 'ltr')).toEqual([1, 2]);
  });

  it('turns a page or a whole opening and stays put at either end', () => {
    expect(turnPage(0, 'next', 6, false)).toBe(1);
    expect(turnPage(5, 'next', 6, false)).toBe(5);
    expect(turnPage(0, 'previous', 6, false)).toBe(0);
    expect(turnPage(0, 'next', 6, true)).toBe(1);
    expect(turnPage(2, 'next', 6, true)).toBe(3);
    expect(turnPage(4, 'previous', 6, true)).toBe(1);
    expect(turnPage(5, 'next', 6, true)).toBe(5);
  });
});
