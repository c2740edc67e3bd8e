import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drawnFigures, presetSpec } from '@koma/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFile } from '../renditions/print-convert.js';
import { conversionOf } from './delivery.service.js';

/**
 * The converted delivery of a page drawn larger and reduced (docs/print.md, "Delivery"): the drawn
 * pixels with the resolution that prints them at size, or resampled to print size when asked.
 */

const MEMORY = 512 * 1024 * 1024;
let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-print-convert-'));
});
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

/** A 1-bit page at 600 dpi, white with a black band across its middle. */
async function drawnPage(width: number, height: number) {
  const pixels = new Uint8Array(width * height).fill(255);
  const middle = Math.floor(height / 2);
  pixels.fill(0, (middle - 20) * width, (middle + 20) * width);
  const file = path.join(folder, `drawn-${width}x${height}.tif`);
  await sharp(pixels, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ bitdepth: 1, compression: 'ccittfax4', xres: 600 / 25.4, yres: 600 / 25.4 })
    .toFile(file);
  return file;
}

// 同人誌 A5 (148 × 210 mm, 3 mm bleed) drawn on an A4 sheet (210 × 297) whose trim is B5 (182 × 257),
// reduced to 81.7 %: the A4 page at 600 dpi is 4961 × 7016 px; a tenth of it keeps the test quick.
const A5 = presetSpec('doujinA5');
const onA4 = { ...A5, ...drawnFigures(A5, { drawnPaper: 'a4' }) };

describe('a page drawn on A4 for 同人誌 A5', () => {
  it('keeps the drawn pixels with the resolution that prints them at size after the reduction', async () => {
    const conversion = conversionOf(onA4);
    expect(onA4.reductionPct).toBe(81.7);
    // 600 dpi ÷ 0.817 = 734 dpi: 4961 px print at 171.7 mm, the A4 sheet reduced.
    expect(conversion).toEqual({ colour: 'mono', dpi: 734, resample: null });
    const out = path.join(folder, 'drawn.tif');
    const result = await convertFile(await drawnPage(496, 702), out, conversion, MEMORY);
    expect(result).toMatchObject({ width: 496, height: 702, facts: { density: 734, bitDepth: 1 } });
    expect(await sharp(out).metadata()).toMatchObject({
      width: 496,
      height: 702,
      density: 734,
      bitsPerSample: 1,
    });
  });

  it('resamples to print size and cuts to trim + bleed when the printer asks for print size', async () => {
    const conversion = conversionOf({ ...onA4, deliverySize: 'print', dpi: 60 });
    // (148 + 6) × 60 / 25.4 = 364 px, (210 + 6) → 510 px; 496 × 0.817 = 405 px, cut to 364.
    expect(conversion).toEqual({
      colour: 'mono',
      dpi: 60,
      resample: { scale: expect.closeTo(0.817, 6), width: 364, height: 510 },
    });
    const out = path.join(folder, 'print.tif');
    const result = await convertFile(await drawnPage(496, 702), out, conversion, MEMORY);
    expect(result).toMatchObject({ width: 364, height: 510, facts: { density: 60 } });
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ width: 364, height: 510, density: 60, bitsPerSample: 1 });
    // The band drawn across the middle is still there, in the middle, in black.
    const row = await sharp(out).extract({ left: 0, top: 255, width: 364, height: 1 }).raw().toBuffer();
    expect(Math.max(...row)).toBe(0);
  });

  it('drawn at print size: the spec’s own resolution, nothing resampled', () => {
    expect(conversionOf(A5)).toEqual({ colour: 'mono', dpi: 600, resample: null });
  });
});
