import { describe, expect, it } from 'vitest';
import { type Figure, figureAt } from './mark-drawing';

const page = { width: 1000, height: 1400 };
const figure = (id: number, shape: Figure['shape']): Figure => ({
  id,
  num: id,
  shape,
  color: '#e60012',
  ghost: false,
  selected: false,
});
const rect = figure(1, { type: 'rect', x: 100, y: 100, w: 200, h: 100 });
const arrow = figure(2, { type: 'arrow', from: [500, 500], to: [700, 700] });
const words = figure(3, { type: 'text', x: 100, y: 800, text: 'ここ修正' });

describe('a click on the page picks the mark under it', () => {
  it('on a line, within a finger’s reach at this zoom, and not inside an empty box', () => {
    const figures = [rect, arrow, words];
    expect(figureAt(figures, [300, 150], 1, page)?.id).toBe(1);
    expect(figureAt(figures, [305, 150], 1, page)?.id).toBe(1);
    expect(figureAt(figures, [200, 150], 1, page)).toBeNull();
    expect(figureAt(figures, [600, 603], 1, page)?.id).toBe(2);
    // Zoomed out to a quarter, the same 20 pixels of the original are 5 on screen: close enough.
    expect(figureAt(figures, [600, 620], 1, page)).toBeNull();
    expect(figureAt(figures, [600, 620], 0.25, page)?.id).toBe(2);
    expect(figureAt(figures, [110, 810], 1, page)?.id).toBe(3);
  });

  it('by its numbered pin, up and left of the mark, before any line', () => {
    expect(figureAt([rect, arrow], [88, 88], 1, page)?.id).toBe(1);
    expect(figureAt([rect, arrow], [488, 488], 1, page)?.id).toBe(2);
  });

  it('never picks the shape being drawn', () => {
    expect(figureAt([{ ...rect, id: null, num: null }], [300, 150], 1, page)).toBeNull();
  });
});
