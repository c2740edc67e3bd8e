import type { ViewerRevision } from '@koma/shared/schemas';

export type { PageRenditions, ViewerRevision } from '@koma/shared/schemas';

/** A page as the viewer shows it: its label and its revisions, oldest first. */
export interface ViewerPage {
  id: number;
  label: string;
  revisions: ViewerRevision[];
}
