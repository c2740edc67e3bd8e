import { LIMITS, RenditionStage, RenditionStatus } from '@koma/shared';
import { routeBase, routes } from '@koma/shared/routes';
import { describe, expect, it } from 'vitest';
import { dziKey, thumbKey } from './rendition-keys.js';
import { presentRenditions, renditionKeyOfPath } from './rendition-links.js';
import type { Renditions } from './renditions.service.js';

/**
 * A link to a rendition lapses 20 to 30 minutes after it was made (docs/access.md): someone
 * removed from a project keeps what they were shown no longer than that.
 */
const SECRET = 'test-secret';
const KEY = 'up/2026/11/page.psd';
const made = {
  status: RenditionStatus.READY,
  stage: RenditionStage.DONE,
  reason: null,
  thumb: thumbKey(KEY),
  preview: null,
  dzi: dziKey(KEY),
  width: 100,
  height: 100,
  tiles: { size: 510, overlap: 1, format: 'webp' },
} as unknown as Renditions;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 9, 0, 0) + minutes * 60_000);
const restOf = (link: string) => link.slice(routeBase(routes.uploads.rendition).length);

describe('rendition links', () => {
  it.each([0, 3, 9.9])('made %s minutes past the hour hold 20 minutes and lapse by 30', (minute) => {
    const made9 = presentRenditions({ id: 1, key: KEY }, made, SECRET, 'ja', at(minute));
    const tile = restOf(made9.dzi).replace(/tiles\.dzi$/, 'tiles_files/0/0_0.webp');
    expect(renditionKeyOfPath(tile, SECRET, at(minute + 19.9))).toBe(`${KEY}.r/tiles_files/0/0_0.webp`);
    expect(renditionKeyOfPath(tile, SECRET, at(minute + 30.1))).toBeNull();
  });

  it('stay the same within one step, so the browser keeps what it fetched', () => {
    const link = (minute: number) =>
      presentRenditions({ id: 1, key: KEY }, made, SECRET, 'ja', at(minute)).thumb;
    expect(link(0.5)).toBe(link(LIMITS.renditionLinkStepSeconds / 60 - 0.5));
    expect(link(0.5)).not.toBe(link(LIMITS.renditionLinkStepSeconds / 60 + 0.5));
  });
});
