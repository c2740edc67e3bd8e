import { LIMITS } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { addChapter, draftPages, productionTeam, uploadPageFile } from '../../test/chapter-fixtures.js';
import {
  clipWithGeneratedColumn,
  clipWithManyLayers,
  clipWithRunawayView,
  clipWithSameBlocks,
} from '../../test/clip-bombs.js';
import { clipSample } from '../../test/page-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readClipChunks } from './clip-chunks.js';
import { compositeClip } from './clip-composite.js';
import { readClipDatabase } from './clip-database.js';
import type { ClipLayer } from './clip-layers.js';
import { readClipPage } from './clip-page.js';
import { RenderRefusal } from './render-refusal.js';
import { pageRenditions } from './renditions.table.js';

/**
 * CLIP STUDIO files built to take the server down (docs/renditions.md, "Bounds of a .clip"): every
 * count read from the file is capped where it is read, its SQLite is read as untrusted code, and
 * its composite is bounded before a block is inflated.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Hands `file` in as a storyboard page; its chapter, the list reply and the time its render took. */
async function handIn(filename: string, data: Buffer) {
  const team = await productionTeam(t);
  const { projectId } = team;
  const chapterId = await addChapter(t, team.founder, projectId, { page: '1' });
  const [page] = await draftPages(t, team.founder, projectId, chapterId);
  const started = performance.now();
  const res = await uploadPageFile(t, team.founder, projectId, page?.id as number, { filename, data });
  expect(res.http).toBe(200);
  await t.settleJobs(RENDERED_MS);
  const seconds = (performance.now() - started) / 1000;
  const list = await t.app.inject({
    method: 'POST',
    url: contract.pages.list.path,
    headers: { token: team.editor.token },
    payload: { projectId, chapterId },
  });
  const renditions = list.json().data.list[0].renditions;
  return { team, projectId, chapterId, listBytes: list.rawPayload.length, renditions, seconds };
}

/** What reading a database ends in: the canvas, or the refusal's status and reason. */
async function readOutcome(file: Buffer, budgetMs?: number) {
  const { sqlite } = readClipChunks(file);
  try {
    return await readClipDatabase(file.subarray(sqlite.offset, sqlite.offset + sqlite.length), budgetMs);
  } catch (err) {
    if (!(err instanceof RenderRefusal)) throw err;
    return { status: err.status, reason: err.reason };
  }
}

/** A render in its own process on a loaded machine takes 10–20 s; a hand-in waits for it. */
const RENDERED_MS = 120_000;

describe('a .clip with 150,000 layers of 100-character names', { timeout: RENDERED_MS }, () => {
  it('keeps 1,000 names of 64 characters; the page list stays small and the names come one file at a time', async () => {
    const file = await clipWithManyLayers(150_000, 'レ'.repeat(94));
    const made = await handIn('layers.clip', file);
    expect(made.renditions).toMatchObject({
      status: 'ready',
      details: { previewQuality: true, dpi: 600, layerCount: LIMITS.clipLayersMax },
    });
    // Without the cap every list of this page carried 16 MB.
    expect(made.listBytes).toBeLessThan(4_000);
    const details = await call(
      t,
      contract.workflow.fileDetails,
      { projectId: made.projectId, chapterId: made.chapterId, uploadId: made.renditions.uploadId },
      made.team.editor.token,
    );
    const { layers } = details.body.data;
    expect(layers).toHaveLength(LIMITS.clipLayersMax);
    expect(layers.slice(0, 3)).toEqual(['用紙', 'レイヤー （グラデーション）', 'レイヤー （緑単色）']);
    expect(layers[3]).toBe('レ'.repeat(LIMITS.clipLayerNameMax));
    expect(JSON.stringify(details.body).length).toBeLessThan(
      LIMITS.clipLayersMax * LIMITS.clipLayerNameMax + 10_000,
    );
  });

  it('gives the names of a file only to a member of a chapter holding it', async () => {
    const made = await handIn('p.clip', clipSample());
    const other = await productionTeam(t);
    const otherChapter = await addChapter(t, other.founder, other.projectId, { page: '1' });
    const asked = { projectId: other.projectId, chapterId: otherChapter, uploadId: made.renditions.uploadId };
    const res = await call(t, contract.workflow.fileDetails, asked, other.founder.token);
    expect(res.http).toBe(404);
    const own = { projectId: made.projectId, chapterId: made.chapterId, uploadId: made.renditions.uploadId };
    // Not a member of the file's project: as if it did not exist (the project guard).
    expect((await call(t, contract.workflow.fileDetails, own, other.founder.token)).http).toBe(404);
    expect(
      (await call(t, contract.workflow.fileDetails, own, made.team.editor.token)).body.data.layers,
    ).toEqual(['用紙', 'レイヤー （グラデーション）', 'レイヤー （緑単色）']);
  });
});

describe('a row rendered before the caps, holding every name of its file', { timeout: RENDERED_MS }, () => {
  it('gives its details capped, and the list only the number', async () => {
    const made = await handIn('old.clip', clipSample());
    const uploadId = made.renditions.uploadId as number;
    const names = Array.from({ length: 5_000 }, (_, i) => `${'名'.repeat(100)}${i}`);
    await t.app.deps.db
      .update(pageRenditions)
      .set({ layers: names })
      .where(eq(pageRenditions.uploadId, uploadId));
    const list = await call(
      t,
      contract.pages.list,
      { projectId: made.projectId, chapterId: made.chapterId },
      made.team.editor.token,
    );
    expect(list.body.data.list[0]?.renditions?.details).toMatchObject({ layerCount: 5_000 });
    const details = await call(
      t,
      contract.workflow.fileDetails,
      { projectId: made.projectId, chapterId: made.chapterId, uploadId },
      made.team.editor.token,
    );
    expect(details.body.data.layers).toEqual(
      names.slice(0, LIMITS.clipLayersMax).map((name) => name.slice(0, LIMITS.clipLayerNameMax)),
    );
  });
});

describe('the SQLite of a .clip is read as untrusted code', { timeout: RENDERED_MS }, () => {
  it('refuses a table replaced by a view whose recursive query never ends, at once', async () => {
    const started = performance.now();
    expect(await readOutcome(await clipWithRunawayView('Layer'))).toEqual({
      status: 'failed',
      reason: 'renditionBroken',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('shows a file whose pixel tables are such a view from its preview, without running it', async () => {
    const made = await handIn('view.clip', await clipWithRunawayView('Mipmap'));
    expect(made.renditions).toMatchObject({
      status: 'ready',
      details: { previewQuality: true, layerCount: 3 },
    });
    expect(made.seconds).toBeLessThan(60);
  });

  it('refuses a column computed by the file’s own SQL', async () => {
    expect(await readOutcome(await clipWithGeneratedColumn())).toEqual({
      status: 'failed',
      reason: 'renditionBroken',
    });
  });

  it('stops reading past its time: too heavy', async () => {
    expect(await readOutcome(clipSample(), 0)).toEqual({ status: 'failed', reason: 'renditionTooHeavy' });
  });
});

describe('a .clip of thousands of layers drawing the same blocks', { timeout: RENDERED_MS }, () => {
  it('is refused before one block is inflated, with its reason', async () => {
    const page = await readClipPage(
      new URL('../../test/fixtures/clip/sample-kazuhito00.clip', import.meta.url).pathname,
    );
    const [paper, gradient] = page.stack as ClipLayer[];
    const stack = [paper as ClipLayer, ...Array<ClipLayer>(3_000).fill(gradient as ClipLayer)];
    const started = performance.now();
    expect(() => compositeClip({ ...page, extas: page.chunks.extas }, stack)).toThrow(
      'failed: renditionTooManyLayers',
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('ends within seconds when handed in, not after minutes', async () => {
    const made = await handIn('same.clip', await clipWithSameBlocks(3_000));
    // More layers than are read: shown from the preview the file stores.
    expect(made.renditions).toMatchObject({ status: 'ready', details: { previewQuality: true } });
    expect(made.seconds).toBeLessThan(60);
  });
});
