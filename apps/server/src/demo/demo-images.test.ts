import { LIMITS } from '@koma/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPage, PRINT_PAGE } from './demo-images.js';

describe('demo pages', () => {
  it('are print-size grayscale pages a storyboard upload accepts', async () => {
    const page = await demoPage('3-1', 0, 12, PRINT_PAGE);
    const meta = await sharp(page).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 6071, 8598, 1]);
    expect(page.length).toBeLessThan(LIMITS.imageMaxBytes);
  }, 60_000);
});
