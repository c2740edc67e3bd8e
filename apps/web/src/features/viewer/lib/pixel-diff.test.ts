import { describe, expect, it } from 'vitest';
import { ADDED_COLOR, changedPercent, diffPixels, diffSize, REMOVED_COLOR } from './pixel-diff';

/** A white RGBA picture of `width`×`height` with the pixels listed painted `rgb`. */
function picture(width: number, height: number, painted: [number, number][] = [], rgb = [0, 0, 0]) {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x, y] of painted) data.set([...rgb, 255], (y * width + x) * 4);
  return data;
}

const pixelAt = (data: Uint8ClampedArray, width: number, x: number, y: number) =>
  Array.from(data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3));

describe('diffPixels', () => {
  it('finds no change between equal pictures', () => {
    const diff = diffPixels(picture(8, 8, [[2, 2]]), picture(8, 8, [[2, 2]]), { width: 8, height: 8 });
    expect(diff).toMatchObject({ changed: 0, total: 64 });
  });

  it('counts the changed pixels and colours added ink red and removed ink blue', () => {
    // A 4-pixel block drawn in the second only (added), one pixel drawn in the first only (removed).
    const added: [number, number][] = [
      [10, 10],
      [11, 10],
      [10, 11],
      [11, 11],
    ];
    const base = picture(20, 20, [[3, 3]]);
    const other = picture(20, 20, added);
    const diff = diffPixels(base, other, { width: 20, height: 20 });
    expect(diff.changed).toBe(5);
    expect(diff.total).toBe(400);
    expect(pixelAt(diff.pixels, 20, 10, 10)).toEqual(ADDED_COLOR);
    expect(pixelAt(diff.pixels, 20, 3, 3)).toEqual(REMOVED_COLOR);
  });

  it('counts a whole changed picture', () => {
    const diff = diffPixels(picture(4, 4), picture(4, 4).fill(0), { width: 4, height: 4 });
    expect(diff.changed).toBe(16);
  });
});

describe('diffSize', () => {
  it('keeps the base size when both are the same and small', () => {
    expect(diffSize({ width: 800, height: 1200 }, { width: 800, height: 1200 })).toEqual({
      width: 800,
      height: 1200,
    });
  });

  it('never enlarges the smaller revision and keeps the base shape', () => {
    expect(diffSize({ width: 1000, height: 1500 }, { width: 500, height: 750 })).toEqual({
      width: 500,
      height: 750,
    });
    expect(diffSize({ width: 500, height: 750 }, { width: 1000, height: 1500 })).toEqual({
      width: 500,
      height: 750,
    });
  });

  it('caps the long edge', () => {
    expect(diffSize({ width: 1810, height: 2560 }, { width: 1810, height: 2560 }, 1600)).toEqual({
      width: 1131,
      height: 1600,
    });
  });
});

describe('changedPercent', () => {
  it('rounds to one decimal and never says 0 for a change', () => {
    expect(changedPercent(0, 100)).toBe('0');
    expect(changedPercent(1, 10_000)).toBe('<0.1');
    expect(changedPercent(5, 400)).toBe('1.3');
    expect(changedPercent(400, 400)).toBe('100');
  });
});
