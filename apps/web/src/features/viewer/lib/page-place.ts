import type OpenSeadragon from 'openseadragon';

/**
 * Where a page lies in OpenSeadragon's viewport coordinates: its top-left corner and its width. The
 * marks layer is fitted on it (components/marks-layer.tsx), in the page viewer and in a vertical
 * column alike.
 */
export interface PagePlace {
  x: number;
  y: number;
  width: number;
}

/** The place of the view's `index`-th image (a side of a spread), or null before it opens. */
export function itemPlace(osd: OpenSeadragon.Viewer, index: number): PagePlace | null {
  const item = osd.world.getItemAt(index);
  if (!item) return null;
  const bounds = item.getBoundsNoRotate(true);
  return { x: bounds.x, y: bounds.y, width: bounds.width };
}
