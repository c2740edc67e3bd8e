import { MARK_COLORS, type MarkColor, type MarkData, type MarkShape } from '@koma/shared';
import type Konva from 'konva';
import OpenSeadragon from 'openseadragon';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Group, Layer, Shape, Stage } from 'react-konva';
import { drawFigures, type Figure, figureAt } from '../lib/mark-drawing';
import { boundsOf, focusView, uncoveredHeight } from '../lib/mark-focus';
import { type ImageSize, type MarkTool, type Point, shapeOfDrag } from '../lib/mark-geometry';
import type { PagePlace } from '../lib/page-place';

export interface MarksLayerProps {
  osd: OpenSeadragon.Viewer;
  /**
   * Where the page the marks belong to lies now (the page's side of a spread, the page in view in a
   * vertical column), or null while it is not placed.
   */
  place: () => PagePlace | null;
  /** The original's size in pixels: marks are kept in it (docs/marks.md). */
  size: ImageSize;
  marks: readonly MarkData[];
  /** Marks of earlier revisions not yet confirmed, drawn dashed where they were. */
  ghosts: readonly MarkData[];
  selectedId: number | null;
  /** The shape just drawn, waiting for its comment. */
  draft: MarkShape | null;
  /** The drawing tool in hand; null while the page is only looked at (and panned). */
  tool: MarkTool | null;
  color: MarkColor;
  onSelect: (id: number | null) => void;
  onDrawn: (shape: MarkShape) => void;
}

function figureOf(mark: MarkData, ghost: boolean, selectedId: number | null): Figure {
  const color = MARK_COLORS[mark.color];
  return { id: mark.id, num: mark.num, shape: mark.shape, color, ghost, selected: mark.id === selectedId };
}

interface Fit {
  x: number;
  y: number;
  /** Screen pixels per pixel of the original. */
  scale: number;
}

/**
 * Where the original's (0, 0) is on screen and how large its pixels are, or null before the page is
 * placed. From the page's place, not its image: the image may be the preview (tiles not made yet),
 * whose pixels are the original's scaled down, or not open yet in a column.
 */
function fitOf(osd: OpenSeadragon.Viewer, place: PagePlace | null, size: ImageSize): Fit | null {
  if (!place) return null;
  const origin = osd.viewport.viewportToViewerElementCoordinates(new OpenSeadragon.Point(place.x, place.y));
  const corner = osd.viewport.viewportToViewerElementCoordinates(
    new OpenSeadragon.Point(place.x + place.width, place.y),
  );
  return { x: origin.x, y: origin.y, scale: (corner.x - origin.x) / size.width };
}

/**
 * The red-pen marks over the deep-zoom page (docs/marks.md): drawn by Konva on a canvas laid over
 * OpenSeadragon's and moved with it, frame by frame, so they stay in place at every zoom. Looking,
 * the layer lets every pointer through to OpenSeadragon (pan, pinch) and a click picks the mark
 * under it; with a tool in hand it takes the pointer and panning stops until the tool is put down.
 */
export function MarksLayer(props: MarksLayerProps) {
  const { osd, size, tool, onSelect, onDrawn } = props;
  // The place is asked for on every frame: the latest function, without following it in effects.
  const place = useRef(props.place);
  place.current = props.place;
  const stage = useRef<Konva.Stage>(null);
  const layer = useRef<Konva.Layer>(null);
  const page = useRef<Konva.Group>(null);
  const [box, setBox] = useState({ width: osd.container.clientWidth, height: osd.container.clientHeight });
  // Rendered again once a move settles; the fit itself is read from the page's place at each render,
  // so a page that moved without a viewport update (the other side of a spread) is never stale.
  const [, settled] = useState(0);
  const fit = fitOf(osd, props.place(), size);
  const stroke = useRef<Point[] | null>(null);
  const [drawing, setDrawing] = useState<MarkShape | null>(null);

  // Followed on every frame OpenSeadragon draws: set on the nodes, not through React, so panning
  // stays smooth with 200 marks on the page.
  useEffect(() => {
    const follow = () => {
      const next = fitOf(osd, place.current(), size);
      const group = page.current;
      if (!next || !group) return;
      group.position({ x: next.x, y: next.y });
      group.scale({ x: next.scale, y: next.scale });
      group.getLayer()?.batchDraw();
    };
    const settle = () => settled((n) => n + 1);
    const resize = () => setBox({ width: osd.container.clientWidth, height: osd.container.clientHeight });
    osd.addHandler('update-viewport', follow);
    osd.addHandler('animation-finish', settle);
    osd.addHandler('open', settle);
    osd.addHandler('resize', resize);
    settle();
    return () => {
      // OpenSeadragon's own view may be gone first (the page viewer switched to the comparison).
      if (osd.isDestroyed()) return;
      osd.removeHandler('update-viewport', follow);
      osd.removeHandler('animation-finish', settle);
      osd.removeHandler('open', settle);
      osd.removeHandler('resize', resize);
    };
  }, [osd, size]);

  const figures = useMemo(
    () => [
      ...props.ghosts.map((m) => figureOf(m, true, props.selectedId)),
      ...props.marks.map((m) => figureOf(m, false, props.selectedId)),
    ],
    [props.marks, props.ghosts, props.selectedId],
  );
  const shown = useRef(figures);
  shown.current = figures;

  // A quick click while looking picks the mark under it (its pin, its line), or none.
  useEffect(() => {
    const pick = (event: OpenSeadragon.CanvasClickEvent) => {
      const group = page.current;
      if (!event.quick || !group) return;
      const at = group.getAbsoluteTransform().copy().invert().point(event.position);
      const picked = figureAt(shown.current, [at.x, at.y], group.scaleX(), size);
      onSelect(picked?.id ?? null);
    };
    osd.addHandler('canvas-click', pick);
    return () => {
      if (!osd.isDestroyed()) osd.removeHandler('canvas-click', pick);
    };
  }, [osd, onSelect, size]);

  // A mark chosen (in the list or on the page) comes into sight if it is not: on a phone the list's
  // sheet covers the lower part of the page (issue 30).
  const marksNow = useRef([...props.marks, ...props.ghosts]);
  marksNow.current = [...props.marks, ...props.ghosts];
  const { selectedId } = props;
  useEffect(() => {
    const mark = marksNow.current.find((m) => m.id === selectedId);
    const where = place.current();
    if (!mark || !where) return;
    const k = where.width / size.width;
    const b = boundsOf(mark.shape, size);
    const container = osd.viewport.getContainerSize();
    const center = osd.viewport.getCenter(true);
    const next = focusView({
      box: { x: where.x + b.x * k, y: where.y + b.y * k, w: b.w * k, h: b.h * k },
      view: { zoom: osd.viewport.getZoom(true), center: { x: center.x, y: center.y } },
      container: { w: container.x, h: container.y },
      visibleHeight: Math.min(container.y, uncoveredHeight(osd.element)),
    });
    if (!next) return;
    osd.viewport.zoomTo(next.zoom);
    osd.viewport.panTo(new OpenSeadragon.Point(next.center.x, next.center.y));
  }, [osd, size, selectedId]);

  // With a tool in hand the page stays still under the pen.
  useEffect(() => {
    osd.setMouseNavEnabled(tool === null);
    return () => {
      if (!osd.isDestroyed()) osd.setMouseNavEnabled(true);
    };
  }, [osd, tool]);

  // `koma:marks-drawn` (bench/marks-draw.ts) is set once the marks are on the canvas: the commit
  // only asks Konva to draw (batchDraw, on the next animation frame), so the mark waits for the
  // layer's next `draw` event, asked for here in case the Stage's own mount drew already.
  useLayoutEffect(() => {
    const drawn = layer.current;
    if (props.marks.length + props.ghosts.length === 0 || !drawn) return;
    // React has made the Konva nodes: the bench tells React's share from Konva's by it.
    performance.mark('koma:marks-committed');
    const mark = () => {
      drawn.off('draw.marks-drawn');
      performance.mark('koma:marks-drawn');
    };
    drawn.on('draw.marks-drawn', mark);
    drawn.batchDraw();
    return () => {
      drawn.off('draw.marks-drawn');
    };
  }, [props.marks, props.ghosts]);

  const pointer = (): Point | null => {
    const at = page.current?.getRelativePointerPosition();
    return at ? [at.x, at.y] : null;
  };
  const shapeNow = () =>
    tool && stroke.current ? shapeOfDrag(tool, stroke.current, size, fit?.scale ?? 1) : null;
  const onDown = () => {
    const at = pointer();
    if (!tool || !at) return;
    stroke.current = [at];
  };
  const onMove = () => {
    const at = pointer();
    if (!stroke.current || !at) return;
    stroke.current.push(at);
    setDrawing(shapeNow());
  };
  const onUp = () => {
    const shape = shapeNow();
    stroke.current = null;
    setDrawing(null);
    if (shape) onDrawn(shape);
  };

  const scale = fit?.scale ?? 1;
  const drawn = drawing ?? props.draft;
  const all: Figure[] = drawn
    ? [
        ...figures,
        { id: null, num: null, shape: drawn, color: MARK_COLORS[props.color], ghost: false, selected: true },
      ]
    : figures;
  return (
    <div className={tool ? 'koma-marks-layer koma-marks-drawing' : 'koma-marks-layer'}>
      <Stage
        ref={stage}
        width={box.width}
        height={box.height}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerLeave={() => stroke.current && onUp()}
      >
        <Layer ref={layer}>
          <Group ref={page} x={fit?.x ?? 0} y={fit?.y ?? 0} scaleX={scale} scaleY={scale}>
            <Shape
              listening={false}
              perfectDrawEnabled={false}
              sceneFunc={(context, node) =>
                drawFigures(context._context, all, node.getAbsoluteScale().x, size)
              }
            />
          </Group>
        </Layer>
      </Stage>
    </div>
  );
}
