import { MARK_COLORS, type MarkData, type MarkShape, MarkShapeType } from '@koma/shared';
import { Arrow, Circle, Ellipse, Group, Line, Rect, Text } from 'react-konva';
import { type ImageSize, pinOf } from '../lib/mark-geometry';

/** Screen pixels: a mark's line and its pin keep their size at every zoom. */
const LINE = 3;
const LINE_SELECTED = 5;
const PIN_RADIUS = 12;
/** Thin lines are hard to hit with a finger: the stroke takes clicks this wide. */
const HIT_WIDTH = 18;
/** A ghost (a mark of an earlier revision not yet confirmed) is dashed and faint. */
const GHOST_DASH = [8, 6];
const GHOST_OPACITY = 0.6;
/** Words written on the page scale with it, like a pen's: a share of the page's width. */
const TEXT_SHARE = 0.025;

interface FigureProps {
  mark?: MarkData;
  /** A shape not saved yet (the one being drawn), in `color`. */
  shape?: MarkShape;
  color?: string;
  ghost?: boolean;
  selected: boolean;
  /** Screen pixels per pixel of the original. */
  scale: number;
  size: ImageSize;
}

/** One mark's shape, in the original's pixels (the layer's group scales it onto the screen). */
export function MarkFigure({
  mark,
  shape: draft,
  color: draftColor,
  ghost,
  selected,
  scale,
  size,
}: FigureProps) {
  const shape = mark?.shape ?? draft;
  if (!shape) return null;
  const color = mark ? MARK_COLORS[mark.color] : (draftColor ?? MARK_COLORS.red);
  const line = {
    stroke: color,
    strokeWidth: selected ? LINE_SELECTED : LINE,
    strokeScaleEnabled: false,
    hitStrokeWidth: HIT_WIDTH,
    dash: ghost ? GHOST_DASH : undefined,
    opacity: ghost ? GHOST_OPACITY : 1,
    // A picked mark glows in its own colour, visible on white paper and on black ink alike.
    shadowColor: selected ? color : undefined,
    shadowBlur: selected ? 12 : 0,
    listening: mark !== undefined,
  };
  return (
    <Group name={mark ? 'mark' : undefined} id={mark ? String(mark.id) : undefined}>
      {shapeNode(shape, line, color, scale, size)}
    </Group>
  );
}

type LineProps = Record<string, unknown>;

function shapeNode(shape: MarkShape, line: LineProps, color: string, scale: number, size: ImageSize) {
  switch (shape.type) {
    case MarkShapeType.PEN:
      return <Line {...line} points={shape.points.flat()} lineCap="round" lineJoin="round" tension={0.3} />;
    case MarkShapeType.RECT:
      return <Rect {...line} x={shape.x} y={shape.y} width={shape.w} height={shape.h} />;
    case MarkShapeType.ELLIPSE:
      return (
        <Ellipse
          {...line}
          x={shape.x + shape.w / 2}
          y={shape.y + shape.h / 2}
          radiusX={shape.w / 2}
          radiusY={shape.h / 2}
        />
      );
    case MarkShapeType.ARROW:
      return (
        <Arrow
          {...line}
          fill={color}
          points={[...shape.from, ...shape.to]}
          pointerLength={16 / scale}
          pointerWidth={14 / scale}
        />
      );
    case MarkShapeType.TEXT:
      return (
        <Text
          opacity={line.opacity as number}
          listening={line.listening as boolean}
          x={shape.x}
          y={shape.y}
          text={shape.text || '…'}
          fill={color}
          fontStyle="bold"
          fontSize={size.width * TEXT_SHARE}
        />
      );
  }
}

/** The mark's numbered pin, at the same screen size at every zoom (the layer keeps `keep-size` nodes so). */
export function MarkPin({ mark, ghost, scale }: { mark: MarkData; ghost: boolean; scale: number }) {
  const [x, y] = pinOf(mark.shape);
  const color = MARK_COLORS[mark.color];
  const label = String(mark.num);
  return (
    <Group
      name="mark keep-size"
      id={String(mark.id)}
      x={x}
      y={y}
      scaleX={1 / scale}
      scaleY={1 / scale}
      opacity={ghost ? GHOST_OPACITY : 1}
    >
      <Circle
        x={-PIN_RADIUS}
        y={-PIN_RADIUS}
        radius={PIN_RADIUS}
        fill={ghost ? '#ffffff' : color}
        stroke={ghost ? color : '#ffffff'}
        strokeWidth={2}
      />
      <Text
        x={-PIN_RADIUS * 2}
        y={-PIN_RADIUS * 2}
        width={PIN_RADIUS * 2}
        height={PIN_RADIUS * 2}
        align="center"
        verticalAlign="middle"
        text={label}
        fontSize={label.length > 2 ? 10 : 13}
        fontStyle="bold"
        fill={ghost ? color : '#ffffff'}
      />
    </Group>
  );
}
