import type { MessageKey } from '@koma/shared';

/** Why a page gets no renditions: the status it ends in and the message key that says why. */
export class RenderRefusal extends Error {
  constructor(
    readonly status: 'unsupported' | 'failed',
    readonly reason: MessageKey,
  ) {
    super(`${status}: ${reason}`);
  }
}

export const unsupportedFormat = () => new RenderRefusal('unsupported', 'renditionFormat');
export const tooManyPixels = () => new RenderRefusal('unsupported', 'renditionTooLarge');
export const brokenFile = () => new RenderRefusal('failed', 'renditionBroken');
/** The decode would need, or took, more memory or time than a render may (docs/renditions.md). */
export const tooHeavy = () => new RenderRefusal('failed', 'renditionTooHeavy');
/**
 * A `.clip` whose layers would draw more pixel blocks than a render composites
 * (LIMITS.clipCompositeBlocksMax, docs/renditions.md, "Bounds of a .clip").
 */
export const tooManyLayers = () => new RenderRefusal('failed', 'renditionTooManyLayers');
