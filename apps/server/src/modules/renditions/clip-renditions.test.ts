import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import {
  addChapter,
  draftPages,
  productionTeam,
  type Team,
  uploadPageFile,
} from '../../test/chapter-fixtures.js';
import { clipFile, clipSample, clipWithDatabase } from '../../test/page-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readClipChunks } from './clip-chunks.js';
import { readClipDatabase } from './clip-database.js';

/**
 * CLIP STUDIO PAINT files handed in as storyboard pages (docs/renditions.md, "CLIP STUDIO files"),
 * read with the real file the tests carry (test/fixtures/clip/README.md).
 */

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Hands `files` in as the pages of a new chapter; the pages' renditions once the jobs are done. */
async function handIn(files: { filename: string; data: Buffer }[]) {
  const team: Team = await productionTeam(t);
  const { projectId } = team;
  const chapterId = await addChapter(t, team.founder, projectId, { page: String(files.length) });
  const pages = await draftPages(t, team.founder, projectId, chapterId);
  for (const [i, file] of files.entries()) {
    const res = await uploadPageFile(t, team.founder, projectId, pages[i]?.id as number, file);
    expect(res, file.filename).toMatchObject({ http: 200, body: { data: { status: 3 } } });
  }
  // Each file renders in its own process, two at a time: a loaded machine takes more than the default.
  await t.settleJobs(60_000);
  const list = await call(t, contract.pages.list, { projectId, chapterId }, team.editor.token);
  return list.body.data.list.map((p) => p.renditions);
}

async function fetched(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Mean absolute difference per channel (0–255) of two images at the size of `b`, on white. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const { info, data: bPixels } = await sharp(b)
    .flatten({ background: '#fff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const aPixels = await sharp(a)
    .flatten({ background: '#fff' })
    .resize(info.width, info.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < bPixels.length; i++) sum += Math.abs((aPixels[i] as number) - (bPixels[i] as number));
  return sum / bPixels.length;
}

describe('a CLIP STUDIO page', () => {
  it('is taken as a storyboard page and drawn from its layers at its canvas size, counting its layers', async () => {
    const [made] = await handIn([{ filename: 'p01.clip', data: clipSample() }]);
    expect(made).toMatchObject({
      status: 'ready',
      reason: '',
      width: 400,
      height: 566,
      details: {
        previewQuality: false,
        dpi: 600,
        layerCount: 3,
      },
    });
    // The screen preview is the picture CLIP STUDIO stored, within the composite's and WebP's loss.
    const file = clipSample();
    const { sqlite } = readClipChunks(file);
    const stored = await readClipDatabase(file.subarray(sqlite.offset, sqlite.offset + sqlite.length));
    const embedded = Buffer.from(stored.preview?.png ?? []);
    expect(await meanDifference(await fetched(made?.preview as string), embedded)).toBeLessThan(3);
    expect(await fetched(made?.thumb as string)).not.toHaveLength(0);
  });

  it('is shown from its embedded preview, saying so, when it uses what the composite does not draw', async () => {
    const blended = await clipWithDatabase((db) =>
      db.run('UPDATE Layer SET LayerComposite = 1 WHERE MainId = 3'),
    );
    const [made] = await handIn([{ filename: 'multiply.clip', data: blended }]);
    expect(made).toMatchObject({
      status: 'ready',
      width: 400,
      height: 566,
      details: { previewQuality: true, dpi: 600 },
    });
  });

  it('ends failed with its reason when it is cut short or damaged (the page is still handed in)', async () => {
    const sample = clipSample();
    const noSqliteHeader = Buffer.from(sample);
    const { sqlite } = readClipChunks(sample);
    noSqliteHeader.fill(0, sqlite.offset, sqlite.offset + 100);
    // Neither drawable (a blending mode) nor with a preview to show instead.
    const noPreview = await clipWithDatabase((db) => {
      db.run('DROP TABLE CanvasPreview');
      db.run('UPDATE Layer SET LayerComposite = 1 WHERE MainId = 3');
    });
    const made = await handIn([
      { filename: 'cut.clip', data: sample.subarray(0, 300_000) },
      { filename: 'db.clip', data: noSqliteHeader },
      { filename: 'magic.clip', data: clipFile() },
      { filename: 'nopreview.clip', data: noPreview },
    ]);
    for (const renditions of made)
      expect(renditions).toMatchObject({
        status: 'failed',
        reason: ja.renditionBroken,
        thumb: '',
        details: null,
      });
  });

  it('is refused from its canvas size alone when it is over the pixel limit', async () => {
    const huge = await clipWithDatabase((db) =>
      db.run('UPDATE Canvas SET CanvasWidth = 20000, CanvasHeight = 20000'),
    );
    const [made] = await handIn([{ filename: 'huge.clip', data: huge }]);
    expect(made).toMatchObject({ status: 'unsupported', reason: ja.renditionTooLarge });
  });
});
