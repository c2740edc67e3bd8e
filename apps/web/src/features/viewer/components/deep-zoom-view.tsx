import OpenSeadragon from 'openseadragon';
import { forwardRef, type ReactNode, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { PAGE_OSD_OPTIONS } from '../lib/osd-options';
import { imageSourceKey, tileSourceOf, type ViewerImage } from '../lib/tile-source';

export interface DeepZoomControls {
  fitPage(): void;
  fitWidth(): void;
  /** One screen pixel per pixel of the original (of the first image on screen). */
  actualSize(): void;
  zoomBy(factor: number): void;
}

export type SwipeSide = 'left' | 'right' | 'up' | 'down';

interface DeepZoomViewProps {
  /** The images on screen, from left to right (two for a spread). */
  images: readonly ViewerImage[];
  label: string;
  /** A quick drag (a swipe on a phone) while the whole page is in view. */
  onSwipe?: (side: SwipeSide) => void;
  /** The zoom, as screen pixels per pixel of the original (1 = 100 %), once it settles. */
  onZoom?: (scale: number) => void;
  /** Drawn over the page and moved with it (the red-pen marks), once OpenSeadragon runs. */
  overlay?: (osd: OpenSeadragon.Viewer) => ReactNode;
}

/** The gap between the two pages of a spread, as a share of a page's width. */
const SPREAD_GAP = 0.02;
/** A drag faster than this (px/s) and longer than this (px) at the home zoom turns the page. */
const SWIPE_SPEED = 600;
const SWIPE_DISTANCE = 60;

function sideOf(direction: number): SwipeSide {
  // In radians, 0 pointing right and y growing downwards (screen coordinates).
  const x = Math.cos(direction);
  const y = Math.sin(direction);
  if (Math.abs(x) >= Math.abs(y)) return x > 0 ? 'right' : 'left';
  return y > 0 ? 'down' : 'up';
}

/**
 * The deep-zoom canvas (OpenSeadragon, docs/viewer.md): smooth pan and zoom over the tiles, pinch
 * on touch screens. The page viewer around it owns the keys, so OpenSeadragon's own keyboard
 * navigation (arrows pan) is off: arrows turn pages.
 */
export const DeepZoomView = forwardRef<DeepZoomControls, DeepZoomViewProps>(function DeepZoomView(
  { images, label, onSwipe, onZoom, overlay },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const [running, setRunning] = useState<OpenSeadragon.Viewer | null>(null);
  const swipe = useRef(onSwipe);
  swipe.current = onSwipe;
  const zoomed = useRef(onZoom);
  zoomed.current = onZoom;

  useEffect(() => {
    if (!host.current) return;
    const osd = OpenSeadragon({
      ...PAGE_OSD_OPTIONS,
      element: host.current,
      // The page's own level at once, not each lower one first: the first sharp screen comes
      // sooner (bench/README.md).
      immediateRender: true,
    });
    // The swipe's speed is its distance over its time from the press: OpenSeadragon's own speed is
    // sampled every 50 ms and often misses a short flick.
    let press: { x: number; y: number; at: number } | null = null;
    osd.addHandler('canvas-press', (event) => {
      press = { x: event.position.x, y: event.position.y, at: performance.now() };
    });
    osd.addHandler('canvas-drag-end', (event) => {
      const start = press;
      press = null;
      const homeZoom = osd.viewport.getHomeZoom();
      const atHome = osd.viewport.getZoom() <= homeZoom * 1.05;
      if (!atHome || !start) return;
      const dx = event.position.x - start.x;
      const dy = event.position.y - start.y;
      const distance = Math.hypot(dx, dy);
      const speed = (distance * 1000) / Math.max(1, performance.now() - start.at);
      if (distance >= SWIPE_DISTANCE && speed > SWIPE_SPEED) swipe.current?.(sideOf(Math.atan2(dy, dx)));
    });
    const tellZoom = () => {
      const first = osd.world.getItemAt(0);
      if (first) zoomed.current?.(first.viewportToImageZoom(osd.viewport.getZoom(true)));
    };
    // bench/viewer-open.ts times the first sharp screen (issue 13) by this mark.
    osd.world.addHandler('add-item', ({ item }) =>
      item.addHandler('fully-loaded-change', (e) => e.fullyLoaded && performance.mark('koma:viewer-sharp')),
    );
    osd.addHandler('animation-finish', tellZoom);
    osd.addHandler('open', tellZoom);
    viewer.current = osd;
    setRunning(osd);
    return () => {
      setRunning(null);
      osd.destroy();
      viewer.current = null;
    };
  }, []);

  const openedKey = images.map((image) => `${image.key}:${imageSourceKey(image)}`).join('|');
  // Reopened when the links change, not on every render: a refetch with the same links keeps the zoom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: images are compared through openedKey
  useEffect(() => {
    const osd = viewer.current;
    if (!osd) return;
    const sources = images.map(tileSourceOf);
    if (sources.some((source) => source === null)) {
      osd.close();
      return;
    }
    // bench/viewer-open.ts times the first sharp screen from here.
    performance.mark('koma:viewer-open');
    osd.open(
      sources.map((tileSource, i) => ({
        tileSource: tileSource as string | object,
        x: i * (1 + SPREAD_GAP),
        width: 1,
      })),
    );
  }, [openedKey]);

  useImperativeHandle(
    ref,
    () => ({
      fitPage: () => viewer.current?.viewport.goHome(),
      fitWidth: () => viewer.current?.viewport.fitHorizontally(),
      actualSize: () => {
        const osd = viewer.current;
        const first = osd?.world.getItemAt(0);
        if (osd && first) osd.viewport.zoomTo(first.imageToViewportZoom(1));
      },
      zoomBy: (factor) => viewer.current?.viewport.zoomBy(factor),
    }),
    [],
  );

  return (
    <>
      <div ref={host} className="koma-deep-zoom" role="img" aria-label={label} />
      {running && overlay ? overlay(running) : null}
    </>
  );
});
