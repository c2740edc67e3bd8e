import { z } from 'zod';
import { rowId } from './common.js';
import { pageRenditions } from './page-renditions.js';
import { chapterRef } from './production.js';

/** How a chapter is read in the viewer (docs/viewer.md). */
export const READING_DIRECTIONS = ['rtl', 'ltr', 'vertical'] as const;
export const readingDirection = z.enum(READING_DIRECTIONS);
export type ReadingDirection = z.infer<typeof readingDirection>;
/** POST /api/project/readingDirection (founder). */
export const readingDirectionBody = chapterRef
  .pick({ projectId: true })
  .extend({ direction: readingDirection });

/** One revision of a page: the storyboard file, or a step's committed file. */
export const viewerRevision = z.object({
  /** The upload's id: the viewer's URL names it. */
  id: z.number().int(),
  kind: z.enum(['script', 'step']),
  /** ネーム, or the step's position and version (ペン入れ 第2版). */
  label: z.string(),
  createdAt: z.string(),
  renditions: pageRenditions,
  /** A short-lived link to the original, for downloading on purpose. */
  downloadUrl: z.string(),
});
export type ViewerRevision = z.infer<typeof viewerRevision>;

export const viewerPage = z.object({
  id: z.number().int(),
  num: z.number().int(),
  /** Oldest first. */
  revisions: z.array(viewerRevision),
});
export type ViewerPage = z.infer<typeof viewerPage>;

/** POST /api/workflow/viewerPages: every page of a chapter with its revisions, for the viewer. */
export const viewerPagesBody = chapterRef;
export const viewerPagesData = z.object({
  projectTitle: z.string(),
  chapterTitle: z.string(),
  direction: readingDirection,
  /** The founder may change the direction (projects.readingDirection). */
  canSetDirection: z.boolean(),
  /**
   * Where 閉じる leads when the viewer was opened from a link (docs/viewer.md, "Closing"): the
   * chapter's screen for its state and the caller, as the 話 list opens it.
   */
  chapter: z.object({ status: z.number(), isFounder: z.boolean(), isEditor: z.boolean() }),
  pages: z.array(viewerPage),
});
export type ViewerPagesData = z.infer<typeof viewerPagesData>;

/** POST /api/workflow/fileDetails: one file of a chapter's pages, by its upload (the viewer's revision id). */
export const pageFileDetailsBody = chapterRef.extend({ uploadId: rowId() });
/**
 * What a page file says of itself beyond its renditions: the layers' names a rendered `.clip`
 * kept, in the file's order (at most LIMITS.clipLayersMax, each at most LIMITS.clipLayerNameMax
 * characters); empty for any other file (docs/renditions.md, "CLIP STUDIO files").
 */
export const pageFileDetailsData = z.object({ layers: z.array(z.string()) });
export type PageFileDetailsData = z.infer<typeof pageFileDetailsData>;
