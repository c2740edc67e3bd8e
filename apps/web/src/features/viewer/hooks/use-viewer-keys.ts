import { type RefObject, useEffect } from 'react';
import type { DeepZoomControls } from '../components/deep-zoom-view';
import type { ColumnControls } from '../components/vertical-column-view';
import { viewerKey } from '../lib/key-target';
import { type ReadingDirection, turnOfKey } from '../lib/reading-order';
import { scrollOfKey } from '../lib/vertical-layout';

interface ViewerKeys {
  direction: ReadingDirection;
  zoom: RefObject<DeepZoomControls | null>;
  column: RefObject<ColumnControls | null>;
  turn: (which: 'next' | 'previous') => void;
  /** S: the spread mode on or off; none in a vertical chapter. */
  toggleSpread: () => void;
  onEscape: () => void;
}

/** The viewer's keys (docs/viewer.md): pages turned in the reading direction, zoom, spread, Esc. */
export function useViewerKeys({ direction, zoom, column, turn, toggleSpread, onEscape }: ViewerKeys) {
  useEffect(() => {
    const vertical = direction === 'vertical';
    const onKeyDown = (event: KeyboardEvent) => {
      if (!viewerKey(event)) return;
      const pageTurn = turnOfKey(event.key, direction);
      const step = vertical ? scrollOfKey(event.key, event.shiftKey) : null;
      const zoomed = vertical ? column.current : zoom.current;
      const action: Record<string, (() => void) | undefined> = {
        Escape: onEscape,
        '0': () => zoomed?.fitPage(),
        w: () => zoomed?.fitWidth(),
        '1': () => zoomed?.actualSize(),
        '+': () => zoomed?.zoomBy(1.25),
        '=': () => zoomed?.zoomBy(1.25),
        '-': () => zoomed?.zoomBy(0.8),
        s: vertical ? undefined : toggleSpread,
      };
      const run = step
        ? () => column.current?.scroll(step)
        : pageTurn
          ? () => turn(pageTurn)
          : action[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [direction, zoom, column, turn, toggleSpread, onEscape]);
}
