import { z } from 'zod';
import { RENDITION_STAGES, RENDITION_STATUSES, type RenditionStage, type RenditionStatus } from '../enums.js';

/**
 * What the server made of a page file (docs/renditions.md): its status and private links to the
 * thumbnail (≤ 400 px), the screen preview (≤ 2560 px) and the Deep Zoom descriptor, each '' until
 * made. `reason` says, in the caller's language, why a file has none. Replies give null instead
 * where there is no file.
 */
export const pageRenditions = z.object({
  /** The upload these are of: the viewer's URL names it. */
  uploadId: z.number().int(),
  status: z.enum(RENDITION_STATUSES as [RenditionStatus, ...RenditionStatus[]]),
  /** While pending, how far the job has come; `done` once the status is final. */
  stage: z.enum(RENDITION_STAGES as [RenditionStage, ...RenditionStage[]]),
  thumb: z.string(),
  preview: z.string(),
  dzi: z.string(),
  reason: z.string(),
  /** The original's pixels once the tiles are made, else null: the viewer lays pages out before loading them. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * The tiles' geometry once made, else null: with the size above it is the whole Deep Zoom
   * descriptor, so the viewer opens the page without fetching `dzi` first (docs/viewer.md).
   */
  tiles: z.object({ size: z.number().int(), overlap: z.number().int(), format: z.string() }).nullable(),
  /**
   * What the file says of itself once ready, else null (a CLIP STUDIO `.clip` file,
   * docs/renditions.md): `previewQuality` when the page shows the preview the file stores rather
   * than its full pixels (the screens say プレビュー画質), its resolution, and how many layer names
   * it kept. The names themselves are never in a list: a page's file details call carries them
   * (`workflow.fileDetails`, at most LIMITS.clipLayersMax).
   */
  details: z
    .object({
      previewQuality: z.boolean(),
      dpi: z.number().int().nullable(),
      layerCount: z.number().int(),
    })
    .nullable(),
});
export type PageRenditions = z.infer<typeof pageRenditions>;
