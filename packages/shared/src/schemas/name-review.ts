import { z } from 'zod';
import { rowId } from './common.js';
import { markCounts } from './marks.js';
import { pageRenditions } from './page-renditions.js';

/**
 * The editor's review of a chapter's storyboard beyond page by page (docs/production.md,
 * "Storyboard revisions" and "Approving the whole name"): a page's history of files and the one
 * action that approves every remaining page and the name.
 */

/** One file a storyboard page was given: its revision, named by its upload's id as the viewer names it. */
export const pageRevisionEntry = z.object({
  /** The upload's id: the viewer's `rev` and `compare`. */
  id: z.number(),
  /** 1 for the first file, 2 for the next… */
  version: z.number(),
  user: z.object({ id: z.number(), nickname: z.string() }).nullable(),
  create_time: z.string(),
  renditions: pageRenditions.nullable(),
  /** The red-pen marks drawn on this revision, by state. */
  marks: markCounts,
});
export type PageRevisionEntry = z.infer<typeof pageRevisionEntry>;
/** POST /api/page/revisionList: newest first. */
export const pageRevisionsData = z.object({ list: z.array(pageRevisionEntry) });

/** POST /api/chapter/approveAllPages: every page not yet approved, then the name. */
export const approveAllPagesBody = z.object({ projectId: rowId(), chapterId: rowId() });
export const approveAllPagesData = z.object({
  /** The pages this call approved (those already approved are not counted). */
  approved: z.number(),
  total: z.number(),
});
