import type { ViewerRevision } from '@koma/shared/schemas';
import type { ColumnPage } from '../components/vertical-column-view';
import { type ViewerImage, viewerImageOf } from './tile-source';

export type { PageRenditions, ViewerRevision } from '@koma/shared/schemas';

/** A page as the viewer shows it: its label and its revisions, oldest first. */
export interface ViewerPage {
  id: number;
  label: string;
  revisions: ViewerRevision[];
}

/** The revision shown of a page: the one asked for, else its newest. */
export function revisionOf(
  page: ViewerPage | undefined,
  revisionId: number | null,
): ViewerRevision | undefined {
  if (!page) return undefined;
  return page.revisions.find((r) => r.id === revisionId) ?? page.revisions.at(-1);
}

export function imageOf(revision: ViewerRevision | undefined): ViewerImage | null {
  return revision ? viewerImageOf(String(revision.id), revision.renditions) : null;
}

/** A vertical chapter's column: the current page in the revision asked for, the others newest. */
export function columnPagesOf(
  pages: readonly ViewerPage[],
  index: number,
  revisionId: number | null,
): ColumnPage[] {
  return pages.map((p, i) => {
    const shown = i === index ? revisionOf(p, revisionId) : p.revisions.at(-1);
    const renditions = shown?.renditions;
    return {
      key: String(p.id),
      image: imageOf(shown),
      revision: shown,
      width: renditions?.width ?? null,
      height: renditions?.height ?? null,
    };
  });
}
