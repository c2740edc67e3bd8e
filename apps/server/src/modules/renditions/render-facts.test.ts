import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipSample, oneBitTiff, psdFile, sixteenBitPng } from '../../test/page-files.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { storedPageFile } from '../../test/rendition-test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { renderUpload } from './renditions.service.js';
import { pageRenditions } from './renditions.table.js';

/**
 * What a render records for the preflight (docs/print.md, "What the render records"): the file's
 * colour mode, bits per channel and resolution, beside its size.
 */

let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, 'creator');
});
afterAll(async () => {
  await t.close();
});

async function recorded(ext: string, data: Buffer) {
  const { id } = await storedPageFile(t, owner.id, ext, data);
  expect(await renderUpload(t.app.deps, id)).toBe('ready');
  const [row] = await t.app.deps.db.select().from(pageRenditions).where(eq(pageRenditions.uploadId, id));
  return { colourMode: row?.colourMode, bitDepth: row?.bitDepth, density: row?.density, width: row?.width };
}

const rgbPng = (dpi: number) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: '#c83' } })
    .withMetadata({ density: dpi })
    .png()
    .toBuffer();

describe('a render records what the preflight needs', () => {
  it('a colour PNG: RGB, 8 bits, its resolution', async () => {
    expect(await recorded('png', await rgbPng(350))).toEqual({
      colourMode: 'rgb',
      bitDepth: 8,
      density: 350,
      width: 120,
    });
  });

  it('a 1-bit TIFF: mono, 1 bit', async () => {
    const tiff = await oneBitTiff(200, 100);
    expect(await recorded('tif', tiff)).toMatchObject({ colourMode: 'mono', bitDepth: 1 });
  });

  it('a 16-bit grayscale PNG: gray, 16 bits, no resolution of its own', async () => {
    expect(await recorded('png', await sixteenBitPng(64, 32))).toMatchObject({
      colourMode: 'gray',
      bitDepth: 16,
      density: null,
    });
  });

  it('a PSD: its header colour mode and depth', async () => {
    expect(await recorded('psd', psdFile(96, 64))).toMatchObject({ colourMode: 'rgb', bitDepth: 8 });
  });

  it('a CLIP STUDIO file: its resolution; its colour mode is not known', async () => {
    expect(await recorded('clip', clipSample())).toMatchObject({
      colourMode: null,
      bitDepth: null,
      density: 600,
    });
  });
});
