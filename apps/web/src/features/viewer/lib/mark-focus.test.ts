import { describe, expect, it } from 'vitest';
import { boundsOf, focusView } from './mark-focus';

const page = { width: 1000, height: 1400 };

describe('the box a mark covers', () => {
  it('spans a stroke, an arrow and a box', () => {
    expect(
      boundsOf(
        {
          type: 'pen',
          points: [
            [300, 200],
            [100, 250],
            [200, 50],
          ],
        },
        page,
      ),
    ).toEqual({ x: 100, y: 50, w: 200, h: 200 });
    expect(boundsOf({ type: 'arrow', from: [500, 600], to: [400, 900] }, page)).toEqual({
      x: 400,
      y: 600,
      w: 100,
      h: 300,
    });
    expect(boundsOf({ type: 'ellipse', x: 1, y: 2, w: 3, h: 4 }, page)).toEqual({ x: 1, y: 2, w: 3, h: 4 });
  });
});

describe('bringing a chosen mark into the uncovered part of the view', () => {
  // A 390 × 600 view at zoom 1 (one viewport unit = 390 px) centred on (0.5, 0.7); the sheet leaves the top 250 px.
  const view = { zoom: 1, center: { x: 0.5, y: 0.7 } };
  const container = { w: 390, h: 600 };

  it('leaves the view alone when the mark is already in sight', () => {
    // Screen y of 0.4 is (0.4 − 0.7) × 390 + 300 = 183: above the sheet.
    const box = { x: 0.4, y: 0.4, w: 0.05, h: 0.05 };
    expect(focusView({ box, view, container, visibleHeight: 250 })).toBeNull();
  });

  it('moves a mark under the sheet to the middle of the part above it, at the same zoom', () => {
    const box = { x: 0.8, y: 1.2, w: 0.1, h: 0.1 };
    const next = focusView({ box, view, container, visibleHeight: 250 });
    expect(next?.zoom).toBe(1);
    // Its middle (0.85, 1.25) lands at screen (195, 125): centre y = 1.25 − (125 − 300) / 390.
    expect(next?.center.x).toBeCloseTo(0.85);
    expect(next?.center.y).toBeCloseTo(1.25 + 175 / 390);
  });

  it('zooms out when the mark is larger than the uncovered part', () => {
    const box = { x: 0, y: 0, w: 0.5, h: 1 };
    const next = focusView({ box, view, container, visibleHeight: 250 });
    // 1 unit tall must fit 250 − 48 px: zoom (202 / 390).
    expect(next?.zoom).toBeCloseTo(202 / 390);
  });
});
