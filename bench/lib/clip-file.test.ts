import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { compositeClip } from '../../apps/server/src/modules/renditions/clip-composite.js';
import { readClipPage } from '../../apps/server/src/modules/renditions/clip-page.js';
import { renderFile } from '../../apps/server/src/modules/renditions/render-decode.js';
import { OUTPUT } from '../../apps/server/src/modules/renditions/render-protocol.js';
import { clipPage } from './clip-file.js';

/**
 * The bench's `.clip` page (clip-file.ts) is read by Koma as CLIP STUDIO's own files are: drawn
 * from its layers, not shown from its embedded preview, with the pixels of the line art it is
 * made of. Small, with blocks cut by the canvas's right and bottom edges.
 */

const SIZE = { width: 700, height: 900 };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-clip-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function written() {
  const page = await clipPage(SIZE, 7);
  const file = path.join(dir, `page-${Math.random().toString(36).slice(2)}.clip`);
  fs.writeFileSync(file, page.bytes);
  return { ...page, file };
}

describe('the bench’s CLIP STUDIO page', () => {
  it('is read as a canvas of paper, ink and tone layers at 600 dpi with a smaller embedded preview', async () => {
    const { file } = await written();
    const page = await readClipPage(file);
    expect(page).toMatchObject({ width: 700, height: 900, dpi: 600, layers: ['用紙', '線画', 'トーン'] });
    expect(page.stack?.map((l) => l.kind)).toEqual(['paper', 'raster', 'raster']);
    expect(page.preview).toMatchObject({ width: 700, height: 900 });
    expect(page.chunks.extas.size).toBe(2);
  });

  it('composites to exactly the line art it was drawn from, which is not blank', async () => {
    const { file, pixels } = await written();
    const page = await readClipPage(file);
    const composite = compositeClip({ ...page, extas: page.chunks.extas }, page.stack ?? []);
    // Grey layers: one byte a pixel, as the line art's own.
    expect(composite?.channels).toBe(1);
    expect(composite?.pixels.equals(pixels)).toBe(true);
    const ink = pixels.filter((v) => v === 0).length;
    const tone = pixels.filter((v) => v > 0 && v < 255).length;
    expect(ink).toBeGreaterThan(1000);
    expect(tone).toBeGreaterThan(100);
  });

  it('renders from its layers, not its embedded preview, into a preview of its line art', async () => {
    const { file, pixels } = await written();
    const out = fs.mkdtempSync(path.join(dir, 'out-'));
    const rendered = await renderFile(file, {
      out,
      memoryBytes: 448 * 1024 * 1024,
      previewsWritten: async () => {},
    });
    expect(rendered).toMatchObject({ width: 700, height: 900, details: { previewQuality: false, dpi: 600 } });
    const preview = await sharp(path.join(out, OUTPUT.preview))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const expected = await sharp(pixels, { raw: { ...SIZE, channels: 1 } })
      .resize(preview.info.width, preview.info.height, { fit: 'fill' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    expect(expected.length).toBe(preview.data.length);
    let sum = 0;
    let dark = 0;
    for (let i = 0; i < expected.length; i++) {
      sum += Math.abs((expected[i] as number) - (preview.data[i] as number));
      dark += 255 - (expected[i] as number);
    }
    // Within WebP's loss, and a fraction of what a blank preview would miss by (the line art's darkness).
    expect(sum / expected.length).toBeLessThan(1);
    expect(sum).toBeLessThan(dark / 4);
  });
});
