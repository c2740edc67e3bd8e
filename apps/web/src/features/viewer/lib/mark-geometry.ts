import { LIMITS, type MarkShape, MarkShapeType } from '@koma/shared';

export type Point = readonly [number, number];
export interface ImageSize {
  width: number;
  height: number;
}
/** The tools a reviewer draws with: one per kind of mark (docs/marks.md). */
export type MarkTool = MarkShape['type'];

/** Shapes smaller than this (in screen pixels) are a slip of the hand, not a mark. */
export const MIN_DRAG = 4;

/** Pixels of the original, to one decimal: finer is noise, and it keeps the request small. */
const round = (v: number) => Math.round(v * 10) / 10;

/** A point moved onto the original: the server refuses a mark that leaves it. */
export function onImage([x, y]: Point, size: ImageSize): [number, number] {
  return [round(Math.min(Math.max(x, 0), size.width)), round(Math.min(Math.max(y, 0), size.height))];
}

/** A long stroke thinned to the points the server takes, keeping its first and last point. */
export function thinStroke(points: readonly Point[], max = LIMITS.markPointsMax): Point[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as Point);
}

/**
 * The mark a drag draws with a tool, in the original's pixels; null for a drag too short to mean
 * anything (`scale`: screen pixels per pixel of the original). A text mark is placed by a click.
 */
export function shapeOfDrag(
  tool: MarkTool,
  stroke: readonly Point[],
  size: ImageSize,
  scale: number,
  text = '',
): MarkShape | null {
  const points = stroke.map((p) => onImage(p, size));
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  if (tool === MarkShapeType.TEXT) return { type: tool, x: first[0], y: first[1], text };
  const long = Math.hypot(last[0] - first[0], last[1] - first[1]) * scale >= MIN_DRAG;
  if (tool === MarkShapeType.PEN)
    return points.length >= 2 && spread(points) * scale >= MIN_DRAG
      ? { type: tool, points: thinStroke(points) as [number, number][] }
      : null;
  if (!long) return null;
  if (tool === MarkShapeType.ARROW) return { type: tool, from: first, to: last };
  const x = Math.min(first[0], last[0]);
  const y = Math.min(first[1], last[1]);
  const w = round(Math.abs(last[0] - first[0]));
  const h = round(Math.abs(last[1] - first[1]));
  if (w === 0 || h === 0) return null;
  return { type: tool, x, y, w, h };
}

/** The widest extent of a stroke: a pen mark must reach further than a dot. */
function spread(points: readonly Point[]): number {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/** Where a mark's numbered pin stands: its top-left corner, an arrow's tail, a stroke's start. */
export function pinOf(shape: MarkShape): Point {
  switch (shape.type) {
    case MarkShapeType.PEN:
      return shape.points[0] ?? [0, 0];
    case MarkShapeType.ARROW:
      return shape.from;
    default:
      return [shape.x, shape.y];
  }
}
