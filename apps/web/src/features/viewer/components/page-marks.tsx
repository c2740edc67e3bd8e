import type OpenSeadragon from 'openseadragon';
import type { MarkReview } from '../hooks/use-mark-review';
import type { PagePlace } from '../lib/page-place';
import { MarksLayer } from './marks-layer';

/** The review's marks over the page once its size is known; with a shape drawn, the pen rests until it is saved. */
export function PageMarks({
  osd,
  review,
  place,
}: {
  osd: OpenSeadragon.Viewer;
  review: MarkReview;
  place: () => PagePlace | null;
}) {
  if (!review.size) return null;
  return (
    <MarksLayer
      osd={osd}
      place={place}
      size={review.size}
      marks={review.marks}
      ghosts={review.ghosts}
      selectedId={review.selectedId}
      draft={review.draft}
      tool={review.draft ? null : review.tool}
      color={review.color}
      onSelect={review.select}
      onDrawn={review.setDraft}
    />
  );
}
