import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clipSample } from '../../test/page-files.js';
import { compositeClip } from './clip-composite.js';
import type { ClipLayer } from './clip-layers.js';
import { readClipPage } from './clip-page.js';

const SAMPLE = fileURLToPath(new URL('../../test/fixtures/clip/sample-kazuhito00.clip', import.meta.url));

/**
 * The composite's tolerance against the file's own embedded preview (docs/renditions.md, "CLIP
 * STUDIO files"): mean absolute difference per channel, 0–255, the composite scaled to the
 * preview's size.
 */
const TOLERANCE = 1;

async function meanDifference(composite: Buffer, width: number, height: number, png: Uint8Array) {
  const preview = await sharp(png)
    .flatten({ background: '#fff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scaled = await sharp(composite, { raw: { width, height, channels: 3 } })
    .resize(preview.info.width, preview.info.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < scaled.length; i++)
    sum += Math.abs((scaled[i] as number) - (preview.data[i] as number));
  return sum / scaled.length;
}

describe('the composite of a CLIP STUDIO file', () => {
  it('draws the paper and the raster layers, bottom first, as the file’s own preview shows them', async () => {
    const page = await readClipPage(SAMPLE);
    expect(page.stack?.map((l) => l.kind)).toEqual(['paper', 'raster', 'raster']);
    const composite = compositeClip({ ...page, extas: page.chunks.extas }, page.stack ?? []);
    // Coloured layers: RGB.
    expect(composite?.channels).toBe(3);
    expect(composite?.pixels).toHaveLength(400 * 566 * 3);
    const difference = await meanDifference(
      composite?.pixels as Buffer,
      400,
      566,
      page.preview?.png as Uint8Array,
    );
    expect(difference).toBeLessThanOrEqual(TOLERANCE);
    // Not white: the layers were drawn (a blank canvas is far from the preview).
    const blank = Buffer.alloc(400 * 566 * 3, 255);
    expect(await meanDifference(blank, 400, 566, page.preview?.png as Uint8Array)).toBeGreaterThan(20);
  });

  it('keeps a page of grey layers one byte a pixel, and turns it RGB at the first colour', async () => {
    const page = await readClipPage(SAMPLE);
    const gradient = page.stack?.[1] as ClipLayer;
    const paper = (rgb: [number, number, number]): ClipLayer => ({ kind: 'paper', rgb, opacity: 1 });
    const input = { ...page, extas: page.chunks.extas };
    const grey = compositeClip(input, [paper([200, 200, 200])]);
    expect(grey?.channels).toBe(1);
    expect(grey?.pixels.equals(Buffer.alloc(400 * 566, 200))).toBe(true);
    // The grey paper drawn before the colour stays under it, as a paper in colour from the start does.
    const turned = compositeClip(input, [paper([200, 200, 200]), gradient]);
    const colour = compositeClip(input, [paper([200, 200, 201]), gradient]);
    expect(turned?.channels).toBe(3);
    expect(turned?.pixels).toHaveLength(400 * 566 * 3);
    let far = 0;
    turned?.pixels.forEach((v, i) => {
      if (Math.abs(v - (colour?.pixels[i] as number)) > 1) far++;
    });
    expect(far).toBe(0);
  });

  it('ends failed when a layer’s compressed pixels are damaged', async () => {
    const page = await readClipPage(SAMPLE);
    const bytes = Buffer.from(clipSample());
    // Inside the gradient layer's first compressed block (the CHNKExta at 15443).
    bytes.fill(0x55, 15443 + 200, 15443 + 400);
    const raster = page.stack?.at(-1);
    expect(() => compositeClip({ ...page, bytes, extas: page.chunks.extas }, raster ? [raster] : [])).toThrow(
      'failed: renditionBroken',
    );
  });
});
