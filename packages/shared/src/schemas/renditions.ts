import { z } from 'zod';
import { RENDITION_STATUSES, type RenditionStatus } from '../enums.js';
import { chapterRef } from './production.js';

/**
 * What the server made of a page file (docs/renditions.md): its status and private links to the
 * thumbnail (≤ 400 px), the screen preview (≤ 2560 px) and the Deep Zoom descriptor, each '' until
 * made. `reason` says, in the caller's language, why a file has none.
 */
export const pageRenditions = z.object({
  /** The upload these are of (0 when the key has no upload row): the viewer's URL names it. */
  uploadId: z.number().int(),
  status: z.enum(RENDITION_STATUSES as [RenditionStatus, ...RenditionStatus[]]),
  thumb: z.string(),
  preview: z.string(),
  dzi: z.string(),
  reason: z.string(),
});
export type PageRenditions = z.infer<typeof pageRenditions>;

/** How a chapter is read in the viewer (docs/viewer.md). */
export const READING_DIRECTIONS = ['rtl', 'ltr', 'vertical'] as const;
export const readingDirection = z.enum(READING_DIRECTIONS);
export type ReadingDirection = z.infer<typeof readingDirection>;

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
  pages: z.array(viewerPage),
});
export type ViewerPagesData = z.infer<typeof viewerPagesData>;
