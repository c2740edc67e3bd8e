import OpenSeadragon from 'openseadragon';
import { useEffect, useRef } from 'react';
import { PAGE_OSD_OPTIONS } from '../lib/osd-options';
import type { TileSource } from '../lib/tile-source';
import type { DeepZoomControls } from './deep-zoom-view';

/** One picture of a compare view, bottom first; every one is placed at x 0 with width 1. */
export interface CompareItem {
  /** Identifies the picture: a new set of keys reopens the view, a new order only restacks it. */
  key: string;
  source: TileSource;
  opacity: number;
}

interface CompareViewProps {
  items: readonly CompareItem[];
  label: string;
  /** The viewer once made, and null once destroyed: side by side links two of them. */
  onViewer?: (viewer: OpenSeadragon.Viewer | null) => void;
  onZoom?: (scale: number) => void;
}

/** The viewer's zoom buttons and keys acting on a compare view (the page viewer's DeepZoomControls). */
export function controlsOf(get: () => OpenSeadragon.Viewer | null | undefined): DeepZoomControls {
  return {
    fitPage: () => get()?.viewport.goHome(),
    fitWidth: () => get()?.viewport.fitHorizontally(),
    actualSize: () => {
      const viewer = get();
      const bottom = viewer?.world.getItemAt(0);
      if (bottom) viewer?.viewport.zoomTo(bottom.imageToViewportZoom(1));
    },
    zoomBy: (factor) => get()?.viewport.zoomBy(factor),
  };
}

/**
 * An OpenSeadragon view for compare mode (docs/viewer.md, "Compare revisions"): one or more
 * pictures stacked at the same place, each with its opacity (the onion skin's slider). Opacity and
 * order change on the open pictures, so moving the slider or flipping keeps the zoom.
 */
export function CompareView({ items, label, onViewer, onZoom }: CompareViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const opened = useRef(new Map<string, OpenSeadragon.TiledImage>());
  const latest = useRef(items);
  latest.current = items;
  const callbacks = useRef({ onViewer, onZoom });
  callbacks.current = { onViewer, onZoom };

  // Puts the open pictures in the order and at the opacities asked for; run again as each opens.
  const arrange = useRef(() => {
    const osd = viewer.current;
    if (!osd) return;
    latest.current.forEach((item, index) => {
      const tiled = opened.current.get(item.key);
      if (!tiled) return;
      if (osd.world.getIndexOfItem(tiled) !== index && index < osd.world.getItemCount()) {
        osd.world.setItemIndex(tiled, index);
      }
      tiled.setOpacity(item.opacity);
    });
    // What the view really draws, for people's tools and the browser test: the top picture's opacity.
    const top = osd.world.getItemAt(osd.world.getItemCount() - 1);
    if (top) host.current?.setAttribute('data-top-opacity', top.getOpacity().toFixed(2));
  });

  useEffect(() => {
    if (!host.current) return;
    const osd = OpenSeadragon({
      ...PAGE_OSD_OPTIONS,
      element: host.current,
      // A new revision in the same place (a flip, another choice) keeps the zoom and the pan.
      preserveViewport: true,
    });
    const tellZoom = () => {
      const bottom = osd.world.getItemAt(0);
      if (bottom) callbacks.current.onZoom?.(bottom.viewportToImageZoom(osd.viewport.getZoom(true)));
    };
    osd.addHandler('animation-finish', tellZoom);
    osd.addHandler('open', tellZoom);
    viewer.current = osd;
    callbacks.current.onViewer?.(osd);
    return () => {
      callbacks.current.onViewer?.(null);
      osd.destroy();
      viewer.current = null;
    };
  }, []);

  const openKey = items
    .map((item) => item.key)
    .sort()
    .join('|');
  // Reopened only when the pictures change, not when they are restacked or faded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: items are compared through openKey
  useEffect(() => {
    const osd = viewer.current;
    if (!osd) return;
    opened.current.clear();
    osd.open(
      latest.current.map((item) => ({
        tileSource: item.source as string | object,
        x: 0,
        y: 0,
        width: 1,
        opacity: item.opacity,
        // OpenSeadragon's types call the argument an Event; it carries the opened TiledImage.
        success: (event: Event) => {
          opened.current.set(item.key, (event as unknown as { item: OpenSeadragon.TiledImage }).item);
          arrange.current();
        },
      })),
    );
  }, [openKey]);

  useEffect(() => arrange.current());

  return <div ref={host} className="koma-deep-zoom" role="img" aria-label={label} />;
}
