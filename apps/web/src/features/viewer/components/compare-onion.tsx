import type OpenSeadragon from 'openseadragon';
import type { ComparedImage } from './compare-side-by-side';
import { CompareView } from './compare-view';

interface CompareOnionProps {
  /** The bottom revision, then the one drawn over it. */
  images: readonly [ComparedImage, ComparedImage];
  /** The top revision's opacity, 0 to 1 (the slider). */
  opacity: number;
  onPrimary: (viewer: OpenSeadragon.Viewer | null) => void;
  onZoom?: (scale: number) => void;
}

/**
 * Onion skin: the second revision drawn over the first in one view, as on a light table. Both are
 * placed at width 1, so a revision drawn at another pixel size still lies over the same page.
 */
export function CompareOnion({ images, opacity, onPrimary, onZoom }: CompareOnionProps) {
  const [bottom, top] = images;
  return (
    <div className="koma-compare-canvas">
      <CompareView
        items={[
          { key: bottom.key, source: bottom.source, opacity: 1 },
          { key: top.key, source: top.source, opacity },
        ]}
        label={`${top.label} / ${bottom.label}`}
        onViewer={onPrimary}
        onZoom={onZoom}
      />
    </div>
  );
}
