import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LIMITS } from '@koma/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../infra/storage.js';
import {
  headerBombPng,
  multiPageTiff,
  oneBitTiff,
  psdDeclaring,
  psdFile,
  sixteenBitPng,
  sixteenBitPsd,
  truncatedPng,
} from '../../test/page-files.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { renditionKeysOf, storedPageFile } from '../../test/rendition-test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TILE } from './render-page.js';
import { dziKey, previewKey, renditionFolder, thumbKey } from './rendition-keys.js';
import { type Renditions, renderUpload, renditionsOf } from './renditions.service.js';

let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, 'creator');
});
afterAll(async () => {
  await t.close();
});

const stored = (ext: string, data: Buffer) => storedPageFile(t, owner.id, ext, data);
const renditionKeys = (key: string) => renditionKeysOf(t, key);

async function read(key: string): Promise<Buffer> {
  const stream = await t.app.deps.storage.get(key);
  if (!stream) throw new Error(`not stored: ${key}`);
  return buffer(stream as Readable);
}

const longEdge = (m: { width?: number; height?: number }) => Math.max(m.width ?? 0, m.height ?? 0);

/** The .dzi's geometry, read from the stored descriptor. */
async function descriptor(key: string) {
  const xml = (await read(dziKey(key))).toString();
  const attribute = (name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(xml)?.[1]);
  return {
    format: /Format="(\w+)"/.exec(xml)?.[1],
    tileSize: attribute('TileSize'),
    overlap: attribute('Overlap'),
    width: attribute('Width'),
    height: attribute('Height'),
  };
}

/**
 * Checks what a ready rendition must hold: a WebP thumbnail and preview within their edges and of
 * the page's proportions, and the deepest Deep Zoom level tiling exactly the page's pixels.
 */
async function expectReadyOutputs(key: string, width: number, height: number) {
  const thumb = await sharp(await read(thumbKey(key))).metadata();
  const preview = await sharp(await read(previewKey(key))).metadata();
  expect([thumb.format, preview.format]).toEqual(['webp', 'webp']);
  expect(longEdge(thumb)).toBe(Math.min(LIMITS.renditionThumbPx, Math.max(width, height)));
  expect(longEdge(preview)).toBe(Math.min(LIMITS.renditionPreviewPx, Math.max(width, height)));
  expect(Math.abs((thumb.width ?? 0) / (thumb.height ?? 1) - width / height)).toBeLessThan(0.02);

  const dzi = await descriptor(key);
  expect(dzi).toMatchObject({ format: 'webp', width, height });
  const deepest = Math.ceil(Math.log2(Math.max(width, height)));
  const columns = Math.ceil(width / dzi.tileSize);
  const rows = Math.ceil(height / dzi.tileSize);
  const tile = (level: number, x: number, y: number) =>
    `${renditionFolder(key)}/tiles_files/${level}/${x}_${y}.webp`;
  const keys = new Set(await renditionKeys(key));
  for (let x = 0; x < columns; x++)
    for (let y = 0; y < rows; y++) expect(keys.has(tile(deepest, x, y))).toBe(true);
  expect(keys.has(tile(deepest, columns, 0))).toBe(false);
  expect(keys.has(tile(deepest + 1, 0, 0))).toBe(false);
  // The last tile reaches the page's right and bottom edges exactly (its overlap reaches back left and up).
  const last = await sharp(await read(tile(deepest, columns - 1, rows - 1))).metadata();
  const overlapBack = (count: number) => (count > 1 ? dzi.overlap : 0);
  expect(last.width).toBe(width - (columns - 1) * dzi.tileSize + overlapBack(columns));
  expect(last.height).toBe(height - (rows - 1) * dzi.tileSize + overlapBack(rows));
}

describe('renditions of page files of every format', () => {
  it('a PSD written by ag-psd: the composite, not a layer, at the canvas size', async () => {
    const { id, key } = await stored('psd', psdFile(1500, 1000));
    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    await expectReadyOutputs(key, 1500, 1000);
    // The composite is orange; the white layer in the corner is not drawn on its own.
    const { channels } = await sharp(await read(previewKey(key))).stats();
    expect(channels.map((c) => Math.round(c.mean / 10))).toEqual([23, 12, 3]);
  });

  it('a 16-bit grayscale PSD, at its own brightness', async () => {
    const { id, key } = await stored('psd', sixteenBitPsd(800, 600));
    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    await expectReadyOutputs(key, 800, 600);
    const { channels } = await sharp(await read(previewKey(key))).stats();
    expect(Math.abs((channels[0]?.mean ?? 0) - 127.5)).toBeLessThan(4);
  });

  it('a PSB (large document format)', async () => {
    const { id, key } = await stored('psb', psdFile(600, 900, { psb: true }));
    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    await expectReadyOutputs(key, 600, 900);
  });

  it('a 1-bit TIFF', async () => {
    const { id, key } = await stored('tif', await oneBitTiff(1200, 1700));
    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    await expectReadyOutputs(key, 1200, 1700);
  });

  it('a 16-bit PNG larger than the preview, at its own brightness', async () => {
    const { id, key } = await stored('png', await sixteenBitPng(3000, 4000));
    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    await expectReadyOutputs(key, 3000, 4000);
    // A ramp over the whole 16-bit range averages mid-grey once made 8-bit (not dark, not white).
    const { channels } = await sharp(await read(previewKey(key))).stats();
    expect(Math.abs((channels[0]?.mean ?? 0) - 127.5)).toBeLessThan(4);
  });

  it('an 8-bit multi-page TIFF: the first page only', async () => {
    const { id, key } = await stored('tiff', await multiPageTiff(900, 600));
    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    await expectReadyOutputs(key, 900, 600);
    // The first page is mostly white; the later ones are black.
    const { channels } = await sharp(await read(thumbKey(key))).stats();
    expect(channels[0]?.mean).toBeGreaterThan(200);
  });

  it('a truncated PNG fails as a broken file, and nothing is stored for it', async () => {
    const { id, key } = await stored('png', await truncatedPng(800, 600));
    expect(await renderUpload(t.app.deps, id)).toBe('failed');
    expect((await renditionsOf(t.app.deps.db, [id])).get(id)).toMatchObject({
      status: 'failed',
      reason: 'renditionBroken',
      thumb: null,
      preview: null,
      dzi: null,
    });
    expect(await renditionKeys(key)).toEqual([]);
    // The original stays stored for download.
    expect(await t.app.deps.storage.stat(key)).not.toBeNull();
  });

  it('a 60000 × 60000 header bomb is refused by its header, before any pixel is decoded', async () => {
    const { id, key } = await stored('png', headerBombPng(60_000, 60_000));
    expect(await renderUpload(t.app.deps, id)).toBe('unsupported');
    expect((await renditionsOf(t.app.deps.db, [id])).get(id)?.reason).toBe('renditionTooLarge');
    expect(await renditionKeys(key)).toEqual([]);
  });

  it('a PSD canvas over the pixel limit is refused from its header', async () => {
    const { id } = await stored('psd', psdDeclaring(20_000, 20_000));
    expect(await renderUpload(t.app.deps, id)).toBe('unsupported');
    expect((await renditionsOf(t.app.deps.db, [id])).get(id)?.reason).toBe('renditionTooLarge');
  });

  it('a file whose content is no accepted image is an unknown format', async () => {
    const svg = await stored(
      'png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    );
    for (const { id, key } of [svg]) {
      expect(await renderUpload(t.app.deps, id)).toBe('unsupported');
      expect((await renditionsOf(t.app.deps.db, [id])).get(id)?.reason).toBe('renditionFormat');
      expect(await renditionKeys(key)).toEqual([]);
      expect(await t.app.deps.storage.stat(key)).not.toBeNull();
    }
  });
});

describe('what the replies read', () => {
  it('thumbnail and preview while the tiles are stored, then everything with the page size', async () => {
    const { id, key } = await stored('tif', await oneBitTiff(300, 500));
    const waiting = await stored('png', await sixteenBitPng(40, 40));
    let meanwhile: Renditions | undefined;
    const storage: Storage = {
      ...t.app.deps.storage,
      put: async (k, source, max) => {
        if (k === dziKey(key)) meanwhile = (await renditionsOf(t.app.deps.db, [id])).get(id);
        return t.app.deps.storage.put(k, source, max);
      },
    };
    expect(await renderUpload({ db: t.app.deps.db, storage }, id)).toBe('ready');
    expect(meanwhile).toEqual({
      status: 'pending',
      stage: 'tiles',
      reason: null,
      thumb: thumbKey(key),
      preview: previewKey(key),
      dzi: null,
      width: null,
      height: null,
      tiles: null,
      details: null,
    });
    const found = await renditionsOf(t.app.deps.db, [id, waiting.id]);
    expect(found.get(id)).toEqual({
      status: 'ready',
      stage: 'done',
      reason: null,
      thumb: thumbKey(key),
      preview: previewKey(key),
      dzi: dziKey(key),
      width: 300,
      height: 500,
      tiles: { size: TILE.size, overlap: TILE.overlap, format: 'webp' },
      details: null,
    });
    expect(found.get(waiting.id)).toMatchObject({
      status: 'pending',
      stage: 'queued',
      thumb: null,
      preview: null,
      dzi: null,
    });
  });
});
