import type { PageRenditions } from '@koma/shared/schemas';
import { describe, expect, it } from 'vitest';
import { type FreshTileSource, imageSourceKey, tileSourceOf, viewerImageOf } from './tile-source';

/** A page's renditions as a reply gives them, its links signed to expire at `exp`. */
function renditions(exp: number): PageRenditions {
  const folder = `/api/renditions/${exp}/sig${exp}/up/7.psd.r`;
  return {
    uploadId: 7,
    status: 'ready',
    stage: 'tiles',
    reason: '',
    thumb: `${folder}/thumb.webp`,
    preview: `${folder}/preview.webp`,
    dzi: `${folder}/tiles.dzi`,
    width: 4000,
    height: 6000,
    tiles: { size: 510, overlap: 1, format: 'webp' },
  } as PageRenditions;
}

describe('an open view and its links (docs/viewer.md)', () => {
  it('keeps the view when a refetch brings fresh links for the same picture', () => {
    const first = viewerImageOf('7', renditions(1000));
    const fresh = viewerImageOf('7', renditions(2200));
    expect(imageSourceKey(first)).toBe(imageSourceKey(fresh));
    expect(imageSourceKey(first)).toBe('/api/renditions/up/7.psd.r/tiles.dzi');
  });

  it('loads each tile from the newest link its picture was given', () => {
    const opened = tileSourceOf(viewerImageOf('7', renditions(3000))) as FreshTileSource;
    const tile = opened.getTileUrl(12, 3, 4);
    expect(tile()).toBe('/api/renditions/3000/sig3000/up/7.psd.r/tiles_files/12/3_4.webp');
    viewerImageOf('7', renditions(3600));
    expect(tile()).toBe('/api/renditions/3600/sig3600/up/7.psd.r/tiles_files/12/3_4.webp');
    expect(opened).toMatchObject({ width: 4000, height: 6000, tileSize: 510, tileOverlap: 1 });
  });
});
