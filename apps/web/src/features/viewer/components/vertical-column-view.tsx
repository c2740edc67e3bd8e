import type { ViewerRevision } from '@koma/shared/schemas';
import OpenSeadragon from 'openseadragon';
import { forwardRef, type ReactNode, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  fitPageAt,
  fitWidthAt,
  placeIn,
  scrollStepTop,
  scrollTo,
  zoomToPixels,
} from '../lib/column-viewport';
import { COLUMN_OSD_OPTIONS } from '../lib/osd-options';
import type { PagePlace } from '../lib/page-place';
import { imageSourceKey, tileSourceOf, type ViewerImage } from '../lib/tile-source';
import {
  type ColumnLayout,
  columnOf,
  currentPage,
  type PageBox,
  pagesIn,
  type ScrollStep,
} from '../lib/vertical-layout';
import type { DeepZoomControls } from './deep-zoom-view';
import { RenditionState } from './rendition-state';

/** One page of the column: drawn when `image` is there, else its rendition state in its slot. */
export interface ColumnPage {
  key: string;
  image: ViewerImage | null;
  revision: ViewerRevision | undefined;
  /** The original's size in pixels, when known. */
  width: number | null;
  height: number | null;
}

export interface ColumnControls extends DeepZoomControls {
  scroll(step: ScrollStep): void;
}

interface VerticalColumnViewProps {
  pages: readonly ColumnPage[];
  /** The page asked for (by the link or the strip): the view scrolls to its top. */
  index: number;
  label: string;
  /** The page filling most of the view, whenever another one does. */
  onPage: (index: number) => void;
  onZoom?: (scale: number) => void;
  /** Drawn over the column once it runs (the marks layer), given where each page lies in it. */
  overlay?: (osd: OpenSeadragon.Viewer, placeOf: (page: number) => PagePlace | null) => ReactNode;
}

/** Pages are loaded within a screen above and below the view, and dropped beyond three. */
const LOAD_SCREENS = 1;
const KEEP_SCREENS = 3;
const BLANK =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface Slot {
  page: number;
  element: HTMLElement;
}

interface Loaded {
  source: string;
  item: OpenSeadragon.TiledImage | null;
}

/** A page's width in pixels, or the widest known one's for a page not made yet (laid out alike). */
function widthOf(pages: readonly ColumnPage[], page: number): number | null {
  return pages[page]?.width ?? (Math.max(0, ...pages.map((p) => p.width ?? 0)) || null);
}

/**
 * A vertical chapter as one continuous column (docs/viewer.md), drawn by a single OpenSeadragon
 * viewer: every page is placed from its known size, and only the pages near the view open their
 * deep-zoom tiles, so a chapter of 200 pages costs what its few visible ones do. The wheel, a
 * drag, a flick on a phone and the keys scroll; pinch, Ctrl + wheel and the zoom buttons zoom.
 */
export const VerticalColumnView = forwardRef<ColumnControls, VerticalColumnViewProps>(
  function VerticalColumnView({ pages, index, label, onPage, onZoom, overlay }, ref) {
    const host = useRef<HTMLElement>(null);
    const viewer = useRef<OpenSeadragon.Viewer | null>(null);
    const sizes = pages.map((p) => (p.width && p.height ? p.height / p.width : null));
    // biome-ignore lint/correctness/useExhaustiveDependencies: laid out again only when a size changes
    const column = useMemo(() => columnOf(sizes), [sizes.join()]);
    const layout = useRef<ColumnLayout>(column);
    const pagesNow = useRef(pages);
    pagesNow.current = pages;
    const loaded = useRef(new Map<number, Loaded>());
    // The page last told to the parent: an `index` that differs was asked for from outside.
    const reported = useRef(-1);
    const told = useRef({ onPage, onZoom });
    told.current = { onPage, onZoom };
    const refresh = useRef<() => void>(() => {});
    // The slots of pages near the view that cannot be drawn: OpenSeadragon overlays showing their state.
    const slotsNow = useRef<Slot[]>([]);
    const [slots, setSlots] = useState<Slot[]>([]);
    const [running, setRunning] = useState<OpenSeadragon.Viewer | null>(null);

    // One OpenSeadragon viewer for the life of the column.
    useEffect(() => {
      if (!host.current) return;
      const osd = OpenSeadragon({ ...COLUMN_OSD_OPTIONS, element: host.current });
      // The world's bounds are the whole column, not the few pages loaded: the view scrolls over
      // pages not opened yet, and 1 pixel of the widest original is the most zoom.
      osd.world.getHomeBounds = () => new OpenSeadragon.Rect(0, 0, 1, Math.max(layout.current.height, 0.01));
      osd.world.getContentFactor = () =>
        Math.max(1, ...pagesNow.current.map((p) => p.width ?? 0).filter(Boolean));
      osd.world.raiseEvent('metrics-change', {} as never);
      // OpenSeadragon stops animating an empty world: an invisible pixel keeps it running while
      // the pages in view are all placeholders.
      osd.addTiledImage({ tileSource: { type: 'image', url: BLANK }, x: 0, y: 0, width: 1, opacity: 0 });

      let frame = 0;
      const schedule = () => {
        if (!frame)
          frame = requestAnimationFrame(() => {
            frame = 0;
            refresh.current();
          });
      };
      osd.addHandler('viewport-change', schedule);
      osd.addHandler('resize', schedule);
      osd.addHandler('canvas-scroll', (event) => {
        const wheel = event.originalEvent as WheelEvent;
        // Ctrl + wheel (a trackpad's pinch) zooms; the wheel alone scrolls the column.
        if (wheel.ctrlKey) return;
        event.preventDefaultAction = true;
        const unit =
          wheel.deltaMode === 1 ? 16 : wheel.deltaMode === 2 ? osd.viewport.getContainerSize().y : 1;
        const delta = osd.viewport.deltaPointsFromPixels(
          new OpenSeadragon.Point(wheel.deltaX * unit, wheel.deltaY * unit),
        );
        osd.viewport.panBy(delta);
        osd.viewport.applyConstraints();
      });
      viewer.current = osd;
      setRunning(osd);
      const loadedNow = loaded.current;
      return () => {
        setRunning(null);
        cancelAnimationFrame(frame);
        loadedNow.clear();
        osd.destroy();
        viewer.current = null;
        // A viewer made again (React's strict mode does) starts over at the page asked for.
        reported.current = -1;
        slotsNow.current = [];
        setSlots([]);
      };
    }, []);

    refresh.current = () => {
      const osd = viewer.current;
      // Nothing is told before the view is on the page asked for.
      if (!osd || reported.current < 0) return;
      const { boxes } = layout.current;
      const view = osd.viewport.getBounds(true);
      const top = view.y;
      const bottom = view.y + view.height;
      const current = currentPage(boxes, top, bottom);
      if (current !== reported.current) {
        reported.current = current;
        told.current.onPage(current);
      }
      const width = widthOf(pagesNow.current, current);
      if (width)
        told.current.onZoom?.(
          (view.width > 0 ? 1 / view.width : 0) * (osd.viewport.getContainerSize().x / width),
        );
      const near = pagesIn(boxes, top - view.height * LOAD_SCREENS, bottom + view.height * LOAD_SCREENS);
      const keep = new Set(
        pagesIn(boxes, top - view.height * KEEP_SCREENS, bottom + view.height * KEEP_SCREENS),
      );
      for (const [page, entry] of loaded.current) {
        const image = pagesNow.current[page]?.image ?? null;
        if (keep.has(page) && entry.source === imageSourceKey(image)) continue;
        if (entry.item) osd.world.removeItem(entry.item);
        loaded.current.delete(page);
      }
      for (const page of near) {
        const image = pagesNow.current[page]?.image ?? null;
        const tileSource = tileSourceOf(image);
        if (!tileSource || loaded.current.has(page)) continue;
        const entry: Loaded = { source: imageSourceKey(image), item: null };
        loaded.current.set(page, entry);
        osd.addTiledImage({
          tileSource,
          x: 0,
          y: (boxes[page] as PageBox).top,
          width: 1,
          success: (event) => {
            const item = (event as unknown as { item: OpenSeadragon.TiledImage }).item;
            // Scrolled away, or another revision, before it opened.
            if (loaded.current.get(page) !== entry) osd.world.removeItem(item);
            else entry.item = item;
          },
          error: () => {
            if (loaded.current.get(page) === entry) loaded.current.delete(page);
          },
        });
      }
      const waiting = near.filter((page) => !pagesNow.current[page]?.image);
      const old = slotsNow.current;
      if (old.map((s) => s.page).join() === waiting.join()) return;
      for (const slot of old) {
        if (!waiting.includes(slot.page)) osd.removeOverlay(slot.element);
      }
      slotsNow.current = waiting.map((page) => {
        const kept = old.find((s) => s.page === page);
        if (kept) return kept;
        const element = document.createElement('div');
        element.className = 'koma-column-slot';
        const box = boxes[page] as PageBox;
        osd.addOverlay(element, new OpenSeadragon.Rect(0, box.top, 1, box.height));
        return { page, element };
      });
      setSlots(slotsNow.current);
    };

    // A new layout (a page's size became known): the pages move, the view stays on its page.
    useEffect(() => {
      const osd = viewer.current;
      const before = layout.current;
      layout.current = column;
      if (!osd) return;
      osd.world.raiseEvent('metrics-change', {} as never);
      for (const [page, entry] of loaded.current) {
        const box = column.boxes[page];
        if (entry.item && box) entry.item.setPosition(new OpenSeadragon.Point(0, box.top), true);
      }
      for (const slot of slotsNow.current) {
        const box = column.boxes[slot.page];
        if (box) osd.updateOverlay(slot.element, new OpenSeadragon.Rect(0, box.top, 1, box.height));
      }
      const anchor = Math.max(0, reported.current);
      const was = before.boxes[anchor];
      const now = column.boxes[anchor];
      if (was && now && was.top !== now.top) {
        scrollTo(osd.viewport, osd.viewport.getBounds().y - was.top + now.top, true);
      }
      refresh.current();
    }, [column]);

    // A page drawn in another revision, or whose tiles became ready: its slot is filled again.
    const sources = pages.map((p) => imageSourceKey(p.image)).join('|');
    // biome-ignore lint/correctness/useExhaustiveDependencies: refreshed whenever a page's image changes
    useEffect(() => refresh.current(), [sources]);

    // The page asked for by the link or the strip: its top at the top of the view.
    useEffect(() => {
      if (!viewer.current || index === reported.current) return;
      const first = reported.current < 0;
      reported.current = index;
      const top = layout.current.boxes[index]?.top ?? 0;
      if (first) fitWidthAt(viewer.current.viewport, top, true);
      else scrollTo(viewer.current.viewport, top, true);
      refresh.current();
    }, [index]);

    const placeOf = (page: number) => placeIn(layout.current, page);

    useImperativeHandle(
      ref,
      () => ({
        fitPage: () => fitPageAt(viewer.current?.viewport, layout.current, Math.max(0, reported.current)),
        fitWidth: () => {
          const view = viewer.current?.viewport.getBounds();
          if (view) fitWidthAt(viewer.current?.viewport, view.y, false);
        },
        actualSize: () =>
          zoomToPixels(viewer.current?.viewport, widthOf(pagesNow.current, Math.max(0, reported.current))),
        zoomBy: (factor) => {
          viewer.current?.viewport.zoomBy(factor);
          viewer.current?.viewport.applyConstraints();
        },
        scroll: (step) => {
          const view = viewer.current?.viewport.getBounds();
          if (view) scrollTo(viewer.current?.viewport, ...scrollStepTop(step, view, layout.current));
        },
      }),
      [],
    );

    return (
      <>
        <section ref={host} className="koma-deep-zoom koma-column" aria-label={label}>
          {slots.map(({ page, element }) =>
            createPortal(<RenditionState revision={pages[page]?.revision} />, element, pages[page]?.key),
          )}
        </section>
        {running && overlay ? overlay(running, placeOf) : null}
      </>
    );
  },
);
