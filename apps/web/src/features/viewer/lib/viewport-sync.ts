/**
 * Zoom and pan locked together across the two views of side by side (docs/viewer.md). Each view
 * places its image at x 0 with width 1, so OpenSeadragon's viewport coordinates are the image's
 * normalized coordinates in both: the same centre and zoom show the same part of the page, whatever
 * the pixel sizes of the two revisions.
 */
export interface View {
  zoom: number;
  center: { x: number; y: number };
}

/** A view that can be followed: what `linkViews` needs of an OpenSeadragon viewer. */
export interface LinkedView {
  /** Where the view is going (its target, not the frame being animated). */
  view(): View;
  /** Sends the view there; it may report a change back synchronously, which is ignored. */
  show(view: View): void;
  /** Calls `handler` when the user or code zooms or pans the view; returns the unsubscribe. */
  onChange(handler: () => void): () => void;
}

/**
 * Keeps `views` showing the same view, both (all) ways. The view being followed sets `leading`
 * while it moves the others: their own change reports, raised synchronously by OpenSeadragon's
 * zoom and pan events, come back while it leads and are dropped, so there is no feedback loop.
 */
export function linkViews(views: readonly LinkedView[]): () => void {
  let leading: LinkedView | null = null;
  const stops = views.map((view) =>
    view.onChange(() => {
      if (leading) return;
      leading = view;
      try {
        const target = view.view();
        for (const other of views) if (other !== view) other.show(target);
      } finally {
        leading = null;
      }
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
