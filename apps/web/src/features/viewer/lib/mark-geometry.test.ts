import { LIMITS } from '@koma/shared';
import { describe, expect, it } from 'vitest';
import { pinOf, shapeOfDrag, thinStroke } from './mark-geometry';

const page = { width: 1000, height: 1400 };

describe('a drag on the page becomes a mark in the original’s pixels', () => {
  it('a rectangle from any corner, kept on the page', () => {
    expect(
      shapeOfDrag(
        'rect',
        [
          [300, 200],
          [100, 50],
        ],
        page,
        1,
      ),
    ).toEqual({ type: 'rect', x: 100, y: 50, w: 200, h: 150 });
    expect(
      shapeOfDrag(
        'ellipse',
        [
          [900, 1300],
          [1200, 1500],
        ],
        page,
        1,
      ),
    ).toEqual({ type: 'ellipse', x: 900, y: 1300, w: 100, h: 100 });
  });

  it('an arrow from where the drag starts to where it ends', () => {
    expect(
      shapeOfDrag(
        'arrow',
        [
          [10, 10],
          [50.04, 80.06],
        ],
        page,
        1,
      ),
    ).toEqual({ type: 'arrow', from: [10, 10], to: [50, 80.1] });
  });

  it('a slip of the hand (a few screen pixels) draws nothing, whatever the zoom', () => {
    const drag = [
      [10, 10],
      [12, 11],
    ] as const;
    expect(shapeOfDrag('rect', drag, page, 1)).toBeNull();
    expect(shapeOfDrag('pen', drag, page, 1)).toBeNull();
    // The same two pixels of the original span eight screen pixels at 400 %.
    expect(shapeOfDrag('rect', drag, page, 4)).not.toBeNull();
  });

  it('a text mark where the click was, with its words', () => {
    expect(shapeOfDrag('text', [[40, 60]], page, 1, 'ここ修正')).toEqual({
      type: 'text',
      x: 40,
      y: 60,
      text: 'ここ修正',
    });
  });

  it('a long stroke is thinned to what the server takes, its ends kept', () => {
    const stroke = Array.from({ length: 5000 }, (_, i) => [i / 5, i / 10] as const);
    const thin = thinStroke(stroke);
    expect(thin).toHaveLength(LIMITS.markPointsMax);
    expect(thin[0]).toEqual(stroke[0]);
    expect(thin.at(-1)).toEqual(stroke.at(-1));
    const shape = shapeOfDrag('pen', stroke, page, 1);
    expect(shape?.type === 'pen' && shape.points.length).toBe(LIMITS.markPointsMax);
  });
});

describe('the pin', () => {
  it('stands at the box’s corner, the arrow’s tail, the stroke’s start', () => {
    expect(pinOf({ type: 'rect', x: 5, y: 6, w: 1, h: 1 })).toEqual([5, 6]);
    expect(pinOf({ type: 'arrow', from: [7, 8], to: [1, 1] })).toEqual([7, 8]);
    expect(
      pinOf({
        type: 'pen',
        points: [
          [3, 4],
          [5, 6],
        ],
      }),
    ).toEqual([3, 4]);
  });
});
