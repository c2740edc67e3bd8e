import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneBitTiff } from '../../test/page-files.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { BOMB_SIZE, oneBitPng, rlePsd, webpBomb } from '../../test/render-bombs.js';
import { renditionKeysOf, storedPageFile } from '../../test/rendition-test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { heldBytes, PROCESS_BYTES, streamedBytes } from './decode-memory.js';
import { renderLimits } from './render-budget.js';
import { renderPage } from './render-page.js';
import { renderUpload, renditionsOf } from './renditions.service.js';

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

/** Renders an upload of `data` through the job's own path; its final status, reason and stored files. */
async function rendered(ext: string, data: Buffer) {
  const { id, key } = await stored(ext, data);
  const status = await renderUpload(t.app.deps, id);
  const reason = (await renditionsOf(t.app.deps.db, [id])).get(id)?.reason;
  return {
    status,
    reason,
    files: await renditionKeysOf(t, key),
    original: await t.app.deps.storage.stat(key),
  };
}

/** The render processes this test process started: their pid and the original each reads. */
function renderChildren(): { pid: number; original: string }[] {
  const found: { pid: number; original: string }[] = [];
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const entry = args.findIndex((a) => /render-child\.(ts|js)$/.test(a));
      if (parent === process.pid && entry >= 0)
        found.push({ pid: Number(name), original: String(args[entry + 1]) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const tooHeavy = { status: 'failed', reason: 'renditionTooHeavy', files: [] };
/** A page over the size rendered in the server itself (render-in-server.ts): 20 MP. */
const OVER_SMALL = [5000, 4000] as const;

describe('files whose few bytes claim a canvas too heavy to decode', () => {
  it('a 38-byte lossless WebP claiming 16383 × 15259 fails as too heavy, the original kept', async () => {
    const bomb = webpBomb();
    expect(bomb.length).toBe(38);
    expect(await sharp(bomb).metadata()).toMatchObject(BOMB_SIZE);
    const result = await rendered('webp', bomb);
    expect(result).toMatchObject(tooHeavy);
    expect(result.original).not.toBeNull();
  });

  it('250 MP PSDs, RLE at 8 and 16 bits and a bitmap, fail as too heavy (their RGBA array is 1–2 GB)', async () => {
    for (const depth of [1, 8, 16] as const)
      expect(await rendered('psd', rlePsd({ depth }))).toMatchObject(tooHeavy);
  });

  it('a 16-bit RGB PSD of a 600-dpi B4 page (52 MP) needs more than a render may use: too heavy', async () => {
    expect(await rendered('psd', rlePsd({ width: 6071, height: 8598, depth: 16 }))).toMatchObject(tooHeavy);
  });

  it('an interlaced 1-bit 250 MP PNG is held whole by its decoder: too heavy', async () => {
    const interlaced = oneBitPng(BOMB_SIZE.width, BOMB_SIZE.height, { interlace: true });
    expect(await sharp(interlaced).metadata()).toMatchObject({ ...BOMB_SIZE, isProgressive: true });
    expect(await rendered('png', interlaced)).toMatchObject(tooHeavy);
  });

  it('the same page not interlaced streams: its estimate is within a render’s budget', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-bomb-'));
    const file = path.join(folder, 'page.png');
    await fs.writeFile(file, oneBitPng());
    const header = await sharp(file).metadata();
    await fs.rm(folder, { recursive: true });
    expect(header).toMatchObject({ ...BOMB_SIZE, isProgressive: false });
    const held = await heldBytes(file, header);
    expect(held).toBe(0);
    const estimate = PROCESS_BYTES + streamedBytes(BOMB_SIZE.width) + held;
    expect(estimate).toBeLessThan(renderLimits(2).memoryBytes);
  });
});

describe('a render watched while it runs', () => {
  const noPreviews = async () => {};

  it('is killed past its memory budget and ends failed as too heavy, its work folder removed', async () => {
    // The 1-bit 250 MP page streams within 448 MB (about 210 MB resident at its peak); a budget of
    // 150 MB is passed while it decodes. Its estimate (about 230 MB) is judged against more, so it
    // is the watch that stops it.
    const { key } = await stored('png', oneBitPng());
    const limits = {
      memoryBytes: 150 * 1024 * 1024,
      estimateBytes: renderLimits(1).memoryBytes,
      wallMs: 600_000,
    };
    const originals: string[] = [];
    const watching = setInterval(() => originals.push(...renderChildren().map((c) => c.original)), 5);
    const result = await renderPage(t.app.deps.storage, key, 'png', noPreviews, limits);
    clearInterval(watching);
    expect(result).toEqual({ status: 'failed', reason: 'renditionTooHeavy' });
    expect(originals.length).toBeGreaterThan(0);
    for (const original of originals) await expect(fs.stat(path.dirname(original))).rejects.toThrow();
  });

  it('is killed past its time and ends failed as too heavy', async () => {
    const { key } = await stored('tif', await oneBitTiff(...OVER_SMALL));
    const limits = { memoryBytes: renderLimits(1).memoryBytes, wallMs: 1 };
    expect(await renderPage(t.app.deps.storage, key, 'tif', noPreviews, limits)).toEqual({
      status: 'failed',
      reason: 'renditionTooHeavy',
    });
  });

  it('a render process that dies of anything else is thrown, to be retried, and its folder removed', async () => {
    const { key } = await stored('tif', await oneBitTiff(...OVER_SMALL));
    const killed: string[] = [];
    // Once the previews are stored, the process goes on to the tiles: it dies there.
    const killChild = async () => {
      for (const child of renderChildren()) {
        process.kill(child.pid, 'SIGSEGV');
        killed.push(child.original);
      }
    };
    await expect(renderPage(t.app.deps.storage, key, 'tif', killChild, renderLimits(1))).rejects.toThrow(
      /render process ended without an outcome \(SIGSEGV\)/,
    );
    expect(killed).toHaveLength(1);
    await expect(fs.stat(path.dirname(String(killed[0])))).rejects.toThrow();
  });

  it('a small 8-bit page renders in the server itself: no process is started for it', async () => {
    const { key } = await stored('tif', await oneBitTiff(1200, 1700));
    const seen: number[] = [];
    const result = await renderPage(
      t.app.deps.storage,
      key,
      'tif',
      async () => {
        seen.push(...renderChildren().map((c) => c.pid));
      },
      renderLimits(1),
    );
    // With what the preflight needs of the file (docs/print.md), whichever process read it.
    expect(result).toEqual({
      status: 'ready',
      width: 1200,
      height: 1700,
      facts: { colourMode: 'mono', bitDepth: 1, density: null },
    });
    expect(seen).toEqual([]);
  });

  it('a page past the small size is never decoded in the server: it has a process of its own', async () => {
    const [width, height] = OVER_SMALL;
    const { key } = await stored('tif', await oneBitTiff(width, height));
    const seen: number[] = [];
    const result = await renderPage(
      t.app.deps.storage,
      key,
      'tif',
      async () => {
        seen.push(...renderChildren().map((c) => c.pid));
      },
      renderLimits(1),
    );
    expect(result).toEqual({
      status: 'ready',
      width,
      height,
      facts: { colourMode: 'mono', bitDepth: 1, density: null },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBe(process.pid);
  });
});
