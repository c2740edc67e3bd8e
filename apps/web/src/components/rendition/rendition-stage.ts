import type { RenditionStage } from '@koma/shared/constants';
import type { ParseKeys } from 'i18next';

/**
 * What a pending rendition's job is doing, in words (docs/renditions.md, "Stages"): waiting its
 * turn, making the thumbnail and preview, making the tiles. A pending rendition is never `done`;
 * should one be, the last stage's words are right.
 */
export const RENDITION_STAGE_WORDS: Record<RenditionStage, ParseKeys> = {
  queued: 'viewer.stages.queued',
  previews: 'viewer.stages.previews',
  tiles: 'viewer.stages.tiles',
  done: 'viewer.stages.tiles',
};
