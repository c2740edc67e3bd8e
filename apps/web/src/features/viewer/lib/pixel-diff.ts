import pixelmatch from 'pixelmatch';

/**
 * The difference of two revisions, computed in the browser from their previews (docs/viewer.md,
 * "Compare revisions"). Both are drawn at one size first: a page's revisions are the same page at
 * maybe other pixel sizes, so each is stretched to the same box, as the deep-zoom views place
 * every image at width 1.
 */

/** The long edge the two previews are compared at: fine enough for a line, quick (≈ 2 MP). */
export const DIFF_LONG_EDGE = 1600;

/** Ink added in the second revision (darker there) is red; ink taken away (lighter) is blue. */
export const ADDED_COLOR: [number, number, number] = [230, 0, 0];
export const REMOVED_COLOR: [number, number, number] = [0, 90, 255];

export interface Size {
  width: number;
  height: number;
}

/**
 * The size both previews are compared at: the base's shape, no larger than the smaller preview
 * (enlarging adds nothing to compare) nor than DIFF_LONG_EDGE on its long edge.
 */
export function diffSize(base: Size, other: Size, longEdge = DIFF_LONG_EDGE): Size {
  const scale = Math.min(
    1,
    other.width / base.width,
    other.height / base.height,
    longEdge / Math.max(base.width, base.height),
  );
  return {
    width: Math.max(1, Math.round(base.width * scale)),
    height: Math.max(1, Math.round(base.height * scale)),
  };
}

export interface PixelDiff {
  /** RGBA of the diff picture: the base faded, changed pixels in ADDED_COLOR / REMOVED_COLOR. */
  pixels: Uint8ClampedArray;
  changed: number;
  total: number;
}

/**
 * Compares two RGBA pictures of `width`×`height`. Pixels that differ only by anti-aliasing (a
 * resampled edge) are drawn yellow and not counted: stretching two sizes to one box moves edges by
 * a fraction of a pixel, which is not a change of the drawing.
 */
export function diffPixels(base: Uint8ClampedArray, other: Uint8ClampedArray, size: Size): PixelDiff {
  const { width, height } = size;
  const pixels = new Uint8ClampedArray(width * height * 4);
  const changed = pixelmatch(base, other, pixels, width, height, {
    threshold: 0.1,
    alpha: 0.25,
    // pixelmatch's main colour is for pixels lighter in the second image, the alternative for darker.
    diffColor: REMOVED_COLOR,
    diffColorAlt: ADDED_COLOR,
  });
  return { pixels, changed, total: width * height };
}

/** The share of changed pixels as a percentage for people: one decimal, never "0 %" for a change. */
export function changedPercent(changed: number, total: number): string {
  if (total <= 0 || changed <= 0) return '0';
  const percent = (changed / total) * 100;
  if (percent < 0.1) return '<0.1';
  return percent >= 99.95 ? '100' : percent.toFixed(1);
}
