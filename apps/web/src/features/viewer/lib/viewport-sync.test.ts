import { describe, expect, it } from 'vitest';
import { type LinkedView, linkViews, type View } from './viewport-sync';

/** A view like OpenSeadragon's: setting it reports a change synchronously, as its zoom and pan events do. */
function fakeView(start: View) {
  let current = start;
  const handlers = new Set<() => void>();
  let shown = 0;
  const view: LinkedView & { move(next: View): void; shown(): number } = {
    view: () => current,
    show: (next) => {
      shown++;
      current = next;
      for (const handler of handlers) handler();
    },
    onChange: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    // The user zooms or pans this view.
    move: (next) => {
      current = next;
      for (const handler of handlers) handler();
    },
    shown: () => shown,
  };
  return view;
}

describe('linkViews', () => {
  it('follows either view without echoing back', () => {
    const left = fakeView({ zoom: 1, center: { x: 0.5, y: 0.7 } });
    const right = fakeView({ zoom: 1, center: { x: 0.5, y: 0.7 } });
    linkViews([left, right]);
    left.move({ zoom: 3, center: { x: 0.2, y: 0.4 } });
    expect(right.view()).toEqual({ zoom: 3, center: { x: 0.2, y: 0.4 } });
    expect(left.shown()).toBe(0);
    right.move({ zoom: 2, center: { x: 0.8, y: 1.1 } });
    expect(left.view()).toEqual({ zoom: 2, center: { x: 0.8, y: 1.1 } });
    expect(right.shown()).toBe(1);
  });

  it('stops following once unlinked', () => {
    const left = fakeView({ zoom: 1, center: { x: 0.5, y: 0.5 } });
    const right = fakeView({ zoom: 1, center: { x: 0.5, y: 0.5 } });
    const unlink = linkViews([left, right]);
    unlink();
    left.move({ zoom: 4, center: { x: 0, y: 0 } });
    expect(right.view().zoom).toBe(1);
  });
});
