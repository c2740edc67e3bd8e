import type OpenSeadragon from 'openseadragon';
import { useEffect, useState } from 'react';
import { linkedViewOf } from '../lib/osd-linked-view';
import type { TileSource } from '../lib/tile-source';
import { linkViews } from '../lib/viewport-sync';
import { CompareView } from './compare-view';

export interface ComparedImage {
  /** The revision's id: a new one reopens its view. */
  key: string;
  label: string;
  source: TileSource;
}

interface CompareSideBySideProps {
  /** Left (top on a phone) first. */
  images: readonly [ComparedImage, ComparedImage];
  onPrimary: (viewer: OpenSeadragon.Viewer | null) => void;
  onZoom?: (scale: number) => void;
}

/**
 * Two revisions side by side (stacked on a narrow screen), zoom and pan locked together
 * (lib/viewport-sync.ts): a zoom into a hand on one shows the same hand on the other.
 */
export function CompareSideBySide({ images, onPrimary, onZoom }: CompareSideBySideProps) {
  const [first, setFirst] = useState<OpenSeadragon.Viewer | null>(null);
  const [second, setSecond] = useState<OpenSeadragon.Viewer | null>(null);

  useEffect(() => {
    if (!first || !second) return;
    // The second starts where the first is (it may have opened later, or been flipped).
    const [left, right] = [linkedViewOf(first), linkedViewOf(second)];
    const unlink = linkViews([left, right]);
    second.addOnceHandler('open', () => right.show(left.view()));
    return unlink;
  }, [first, second]);

  return (
    <div className="koma-compare-sides">
      {images.map((image, i) => (
        <figure key={i === 0 ? 'first' : 'second'} className="koma-compare-side">
          <figcaption className="koma-compare-caption">{image.label}</figcaption>
          <div className="koma-compare-canvas">
            <CompareView
              items={[{ key: image.key, source: image.source, opacity: 1 }]}
              label={image.label}
              onViewer={(viewer) => {
                if (i === 0) {
                  setFirst(viewer);
                  onPrimary(viewer);
                } else setSecond(viewer);
              }}
              onZoom={i === 0 ? onZoom : undefined}
            />
          </div>
        </figure>
      ))}
    </div>
  );
}
