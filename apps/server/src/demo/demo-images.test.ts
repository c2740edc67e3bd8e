import { LIMITS } from '@koma/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoManuscript, demoPage, PRINT_NAME_PAGE, PRINT_PAGE } from './demo-images.js';

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

  it('hand in manuscripts as a magazine asks: B4 at 600 dpi, 1-bit, tones as a dot screen', async () => {
    const page = await demoManuscript('3-1', 3, 12, PRINT_PAGE);
    const meta = await sharp(page).metadata();
    expect([meta.format, meta.width, meta.height, meta.bitsPerSample, meta.density]).toEqual([
      'tiff',
      6071,
      8598,
      1,
      600,
    ]);
    // Inside the first panel (toned on a finished page): black dots on white, a tenth of it or more black.
    const { data } = await sharp(page)
      .extract({ left: 800, top: 800, width: 400, height: 400 })
      .raw()
      .toBuffer({
        resolveWithObject: true,
      });
    const black = data.filter((v) => v === 0).length / data.length;
    expect(black).toBeGreaterThan(0.1);
    expect(black).toBeLessThan(0.6);
  }, 60_000);
});
