import { type MarkShape, MarkShapeType } from '@koma/shared';
import { textSize } from './mark-drawing';
import type { ImageSize } from './mark-geometry';

/** A box: in the original's pixels, or in OpenSeadragon's viewport units. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What OpenSeadragon shows: its zoom and the viewport point at the middle of the view. */
export interface View {
  zoom: number;
  center: { x: number; y: number };
}

/** The box a mark covers on the original (a text mark: one line of its words). */
export function boundsOf(shape: MarkShape, size: ImageSize): Box {
  const around = (points: readonly (readonly [number, number])[]) => {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
  };
  switch (shape.type) {
    case MarkShapeType.PEN:
      return around(shape.points);
    case MarkShapeType.ARROW:
      return around([shape.from, shape.to]);
    case MarkShapeType.TEXT: {
      const line = textSize(size);
      return { x: shape.x, y: shape.y, w: line * Math.max(1, shape.text.length), h: line };
    }
    default:
      return { x: shape.x, y: shape.y, w: shape.w, h: shape.h };
  }
}

interface FocusInput {
  /** The mark, in viewport units. */
  box: Box;
  view: View;
  /** The view's size in screen pixels. */
  container: { w: number; h: number };
  /** How much of the view, from its top, is not under the marks' sheet (screen pixels). */
  visibleHeight: number;
  /** Room kept around the mark (screen pixels). */
  margin?: number;
}

/**
 * The view that shows a mark in the part of the screen not covered, or null when it is already
 * there (nothing moves under the reviewer's eyes). The zoom stays unless the mark is too large for
 * it; the mark comes to the middle of the uncovered part. In OpenSeadragon one viewport unit is
 * `container.w * zoom` screen pixels, across and down alike.
 */
export function focusView({ box, view, container, visibleHeight, margin = 24 }: FocusInput): View | null {
  const unit = (zoom: number) => container.w * zoom;
  const left = (box.x - view.center.x) * unit(view.zoom) + container.w / 2;
  const top = (box.y - view.center.y) * unit(view.zoom) + container.h / 2;
  const right = left + box.w * unit(view.zoom);
  const bottom = top + box.h * unit(view.zoom);
  const inside = left >= margin && top >= margin && right <= container.w - margin;
  if (inside && bottom <= visibleHeight - margin) return null;
  const room = { w: Math.max(1, container.w - 2 * margin), h: Math.max(1, visibleHeight - 2 * margin) };
  const fits = Math.min(room.w / (box.w * container.w || 1), room.h / (box.h * container.w || 1));
  const zoom = Math.min(view.zoom, fits);
  // The mark's middle at the middle of the uncovered part, not of the whole view.
  const shift = (visibleHeight / 2 - container.h / 2) / unit(zoom);
  return { zoom, center: { x: box.x + box.w / 2, y: box.y + box.h / 2 - shift } };
}

/**
 * How much of an element, from its top, the marks' sheet leaves uncovered. On a phone the sheet
 * (components/marks-aside.tsx) lies over the lower part of the page without a mask.
 */
export function uncoveredHeight(element: Element): number {
  const box = element.getBoundingClientRect();
  const sheet = document.querySelector('.koma-marks-sheet')?.getBoundingClientRect();
  if (!sheet || sheet.top >= box.bottom || sheet.height === 0) return box.height;
  return Math.max(0, sheet.top - box.top);
}
