import { LIMITS } from '@koma/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPage, PRINT_NAME_PAGE, PRINT_PAGE } from './demo-images.js';

describe('demo pages', () => {
  it('are print-size grayscale pages: 600-dpi B4 handed in, storyboards within the image limits', async () => {
    const page = await demoPage('3-1', 3, 12, PRINT_PAGE);
    const meta = await sharp(page).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 6071, 8598, 1]);
    const name = await demoPage('3-1', 0, 12, PRINT_NAME_PAGE);
    const nameMeta = await sharp(name).metadata();
    expect(name.length).toBeLessThan(LIMITS.imageMaxBytes);
    expect((nameMeta.width ?? 0) * (nameMeta.height ?? 0)).toBeLessThanOrEqual(LIMITS.imageMaxPixels);
  }, 60_000);
});
