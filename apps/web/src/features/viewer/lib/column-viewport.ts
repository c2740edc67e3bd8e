import OpenSeadragon from 'openseadragon';
import type { PagePlace } from './page-place';
import { type ColumnLayout, pageStepTop, type ScrollStep } from './vertical-layout';

/**
 * Moving OpenSeadragon's viewport over a vertical column (components/vertical-column-view.tsx):
 * the column is 1 wide in viewport coordinates and each page sits at its box's top.
 */

/** An arrow key moves the view this share of a screen, keeping a line of what was read in sight. */
const ARROW_STEP = 0.85;

/** Where a page of the column lies: every page is the column's width (1) wide, at its box's top. */
export function placeIn(layout: ColumnLayout, page: number): PagePlace | null {
  const box = layout.boxes[page];
  return box ? { x: 0, y: box.top, width: 1 } : null;
}

/** Moves the view so its top is at `top`, at the zoom it has. */
export function scrollTo(viewport: OpenSeadragon.Viewport | undefined, top: number, immediately: boolean) {
  if (!viewport) return;
  const view = viewport.getBounds();
  viewport.panTo(new OpenSeadragon.Point(view.x + view.width / 2, top + view.height / 2), immediately);
  viewport.applyConstraints(immediately);
}

/** Fits the column's width, the view's top at `top`. */
export function fitWidthAt(viewport: OpenSeadragon.Viewport | undefined, top: number, immediately: boolean) {
  if (!viewport) return;
  const size = viewport.getContainerSize();
  viewport.fitBounds(new OpenSeadragon.Rect(0, top, 1, size.y / Math.max(1, size.x)), immediately);
  viewport.applyConstraints(immediately);
}

/** Fits one page of the column in the view. */
export function fitPageAt(viewport: OpenSeadragon.Viewport | undefined, layout: ColumnLayout, page: number) {
  const box = layout.boxes[page];
  if (!viewport || !box) return;
  viewport.fitBounds(new OpenSeadragon.Rect(0, box.top, 1, box.height));
  viewport.applyConstraints();
}

/** Zooms so that one pixel of an original `width` pixels wide is one pixel on screen. */
export function zoomToPixels(viewport: OpenSeadragon.Viewport | undefined, width: number | null) {
  if (!viewport || !width) return;
  viewport.zoomTo(width / viewport.getContainerSize().x);
  viewport.applyConstraints();
}

/** Where a scroll step takes the view's top, and whether it jumps there rather than glides. */
export function scrollStepTop(
  step: ScrollStep,
  view: OpenSeadragon.Rect,
  layout: ColumnLayout,
): [number, boolean] {
  const tops: Record<ScrollStep, () => [number, boolean]> = {
    screenDown: () => [view.y + view.height * ARROW_STEP, false],
    screenUp: () => [view.y - view.height * ARROW_STEP, false],
    pageDown: () => [pageStepTop(layout.boxes, view.y, true), false],
    pageUp: () => [pageStepTop(layout.boxes, view.y, false), false],
    start: () => [0, true],
    end: () => [layout.height, true],
  };
  return tops[step]();
}
