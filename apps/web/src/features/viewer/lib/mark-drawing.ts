import { type MarkShape, MarkShapeType } from '@koma/shared';
import { type ImageSize, type Point, pinOf } from './mark-geometry';

/** Screen pixels: a mark's line and its pin keep their size at every zoom. */
const LINE = 3;
const LINE_SELECTED = 5;
export const PIN_RADIUS = 12;
/** Thin lines are hard to hit with a finger: a click this close (screen pixels) picks the mark. */
const HIT_DISTANCE = 9;
/** A ghost (a mark of an earlier revision not yet confirmed) is dashed and faint. */
const GHOST_DASH = [8, 6];
const GHOST_OPACITY = 0.6;
/** Words written on the page scale with it, like a pen's: a share of the page's width. */
const TEXT_SHARE = 0.025;
const ARROW_HEAD = 16;

/** One figure to draw: a saved mark (with its pin) or the shape being drawn. */
export interface Figure {
  id: number | null;
  num: number | null;
  shape: MarkShape;
  color: string;
  ghost: boolean;
  selected: boolean;
}

/**
 * Draws the figures on a canvas whose transform maps the original's pixels onto the screen at
 * `scale` screen pixels each. All of a page's marks are one Konva shape drawn by this function
 * rather than a Konva node (and a React element) per line and pin: with 200 marks the nodes alone
 * took longer to make than the viewer's budget for showing them (bench/README.md, "Red-pen marks").
 */
export function drawFigures(
  ctx: CanvasRenderingContext2D,
  figures: readonly Figure[],
  scale: number,
  size: ImageSize,
) {
  for (const figure of figures) drawShape(ctx, figure, scale, size);
  for (const figure of figures) if (figure.num !== null) drawPin(ctx, figure, scale);
}

function drawShape(ctx: CanvasRenderingContext2D, figure: Figure, scale: number, size: ImageSize) {
  const { shape, color } = figure;
  ctx.save();
  ctx.globalAlpha = figure.ghost ? GHOST_OPACITY : 1;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = (figure.selected ? LINE_SELECTED : LINE) / scale;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash(figure.ghost ? GHOST_DASH.map((d) => d / scale) : []);
  // A picked mark glows in its own colour, visible on white paper and on black ink alike.
  if (figure.selected) {
    ctx.shadowColor = color;
    ctx.shadowBlur = 12;
  }
  ctx.beginPath();
  switch (shape.type) {
    case MarkShapeType.PEN:
      polyline(ctx, shape.points);
      ctx.stroke();
      break;
    case MarkShapeType.RECT:
      ctx.strokeRect(shape.x, shape.y, shape.w, shape.h);
      break;
    case MarkShapeType.ELLIPSE:
      ctx.ellipse(shape.x + shape.w / 2, shape.y + shape.h / 2, shape.w / 2, shape.h / 2, 0, 0, Math.PI * 2);
      ctx.stroke();
      break;
    case MarkShapeType.ARROW:
      arrow(ctx, shape.from, shape.to, scale);
      break;
    case MarkShapeType.TEXT:
      ctx.font = `bold ${textSize(size)}px sans-serif`;
      ctx.textBaseline = 'top';
      ctx.fillText(shape.text || '…', shape.x, shape.y);
      break;
  }
  ctx.restore();
}

function polyline(ctx: CanvasRenderingContext2D, points: readonly Point[]) {
  for (const [i, [x, y]] of points.entries()) {
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
}

function arrow(ctx: CanvasRenderingContext2D, from: Point, to: Point, scale: number) {
  polyline(ctx, [from, to]);
  ctx.stroke();
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const head = ARROW_HEAD / scale;
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(to[0], to[1]);
  for (const side of [-1, 1])
    ctx.lineTo(
      to[0] - head * Math.cos(angle + (side * Math.PI) / 7),
      to[1] - head * Math.sin(angle + (side * Math.PI) / 7),
    );
  ctx.closePath();
  ctx.fill();
}

function drawPin(ctx: CanvasRenderingContext2D, figure: Figure, scale: number) {
  const [x, y] = pinCentre(figure.shape, scale);
  const r = PIN_RADIUS / scale;
  const label = String(figure.num);
  ctx.save();
  ctx.globalAlpha = figure.ghost ? GHOST_OPACITY : 1;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = figure.ghost ? '#ffffff' : figure.color;
  ctx.fill();
  ctx.lineWidth = 2 / scale;
  ctx.strokeStyle = figure.ghost ? figure.color : '#ffffff';
  ctx.stroke();
  ctx.fillStyle = figure.ghost ? figure.color : '#ffffff';
  ctx.font = `bold ${(label.length > 2 ? 10 : 13) / scale}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x, y);
  ctx.restore();
}

/** The pin sits up and left of its mark's anchor, so it never hides what the mark points at. */
function pinCentre(shape: MarkShape, scale: number): Point {
  const [x, y] = pinOf(shape);
  return [x - PIN_RADIUS / scale, y - PIN_RADIUS / scale];
}

export function textSize(size: ImageSize): number {
  return size.width * TEXT_SHARE;
}

/** The figure a click at `point` (the original's pixels) picks: a pin first, else the line nearest, if near. */
export function figureAt(
  figures: readonly Figure[],
  point: Point,
  scale: number,
  size: ImageSize,
): Figure | null {
  const near = HIT_DISTANCE / scale;
  const saved = figures.filter((f) => f.id !== null);
  const pinned = saved.findLast((f) => distance(point, pinCentre(f.shape, scale)) <= PIN_RADIUS / scale);
  if (pinned) return pinned;
  let best: { figure: Figure; gap: number } | null = null;
  for (const figure of saved) {
    const gap = gapTo(figure.shape, point, size);
    if (gap <= near && (!best || gap < best.gap)) best = { figure, gap };
  }
  return best?.figure ?? null;
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function gapToSegment(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return distance(p, [a[0] + t * dx, a[1] + t * dy]);
}

function gapToPath(p: Point, points: readonly Point[]): number {
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < points.length; i++)
    gap = Math.min(gap, gapToSegment(p, points[i - 1] as Point, points[i] as Point));
  return gap;
}

/** How far a point is from the mark's line (0 inside words on the page). */
function gapTo(shape: MarkShape, p: Point, size: ImageSize): number {
  switch (shape.type) {
    case MarkShapeType.PEN:
      return gapToPath(p, shape.points);
    case MarkShapeType.ARROW:
      return gapToSegment(p, shape.from, shape.to);
    case MarkShapeType.RECT: {
      const { x, y, w, h } = shape;
      return gapToPath(p, [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
        [x, y],
      ]);
    }
    case MarkShapeType.ELLIPSE: {
      const [rx, ry] = [shape.w / 2, shape.h / 2];
      const [nx, ny] = [(p[0] - shape.x - rx) / rx, (p[1] - shape.y - ry) / ry];
      return Math.abs(Math.hypot(nx, ny) - 1) * Math.min(rx, ry);
    }
    case MarkShapeType.TEXT: {
      const height = textSize(size);
      const width = Math.max(1, shape.text.length) * height;
      const inside =
        p[0] >= shape.x && p[0] <= shape.x + width && p[1] >= shape.y && p[1] <= shape.y + height;
      return inside ? 0 : Number.POSITIVE_INFINITY;
    }
  }
}
