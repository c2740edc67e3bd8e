import { LiveEvent, MESSAGES, type PageRenditions } from '@koma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../infra/storage.js';
import { addChapter, draftPages, post, productionTeam, uploadPageFile } from '../../test/chapter-fixtures.js';
import { sixteenBitPng } from '../../test/page-files.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ja = MESSAGES.ja;
let t: TestApp;
let page: Buffer;
beforeAll(async () => {
  // One job at a time, so a second upload waits while the first renders; retries at once, so a
  // job's last try comes within the test.
  t = await createTestApp({ jobConcurrency: 1, jobRetryDelayScale: 0 });
  page = await sixteenBitPng(600, 800);
});
afterAll(async () => {
  await t.close();
});

type Put = Storage['put'];

/**
 * Replaces what storing a rendition file does in the app's own storage, the one the job uses
 * (originals are stored as usual), until `restore()`.
 */
function onRenditionPut(put: (key: string, store: () => ReturnType<Put>) => ReturnType<Put>) {
  const storage = t.app.deps.storage;
  const original = storage.put;
  storage.put = (key, source, max) =>
    key.includes('.r/') ? put(key, () => original(key, source, max)) : original(key, source, max);
  return () => {
    storage.put = original;
  };
}

async function draftPage() {
  const team = await productionTeam(t);
  const chapterId = await addChapter(t, team.founder, team.projectId, { page: '2' });
  const pages = await draftPages(t, team.founder, team.projectId, chapterId);
  return { team, chapterId, pageIds: pages.map((p: { id: number }) => p.id) };
}

async function uploaded(who: Person, projectId: number, pageId: number): Promise<PageRenditions> {
  const res = await uploadPageFile(t, who, projectId, pageId, { filename: 'page.png', data: page });
  expect(res.http).toBe(200);
  return res.body.data.renditions;
}

/** Polls the draft page list until `pageId`'s renditions satisfy `done`. */
async function waitForRenditions(
  token: string,
  projectId: number,
  chapterId: number,
  pageId: number,
  done: (r: PageRenditions) => boolean,
): Promise<PageRenditions> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await post(t, '/api/page/getList', { projectId, chapterId }, token);
    const r = res.body.data.list.find((p: { id: number }) => p.id === pageId)?.renditions as PageRenditions;
    if (done(r)) return r;
    if (Date.now() > deadline) throw new Error(`renditions still ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('how far a rendition has come', () => {
  it('queued while another page renders, then previews, then tiles with the thumbnail, then done', async () => {
    const { team, chapterId, pageIds } = await draftPage();
    const [first, second] = pageIds as [number, number];
    const { projectId } = team;
    const token = team.founder.token;
    let releasePreviews = () => {};
    let releaseTiles = () => {};
    const previewsHeld = new Promise<void>((resolve) => {
      releasePreviews = resolve;
    });
    const tilesHeld = new Promise<void>((resolve) => {
      releaseTiles = resolve;
    });
    const restore = onRenditionPut(async (key, store) => {
      await (key.endsWith('/thumb.webp') || key.endsWith('/preview.webp') ? previewsHeld : tilesHeld);
      return store();
    });
    try {
      expect((await uploaded(team.founder, projectId, first)).stage).toMatch(/^(queued|previews)$/);
      const making = await waitForRenditions(token, projectId, chapterId, first, (r) => r.stage !== 'queued');
      expect(making).toMatchObject({ status: 'pending', stage: 'previews', thumb: '', preview: '', dzi: '' });
      // The instance's one job slot is taken: the second page waits its turn.
      expect(await uploaded(team.founder, projectId, second)).toMatchObject({
        status: 'pending',
        stage: 'queued',
        thumb: '',
      });

      releasePreviews();
      const tiling = await waitForRenditions(token, projectId, chapterId, first, (r) => r.stage === 'tiles');
      expect(tiling).toMatchObject({ status: 'pending', dzi: '' });
      expect(tiling.thumb).toMatch(/thumb\.webp$/);

      releaseTiles();
      await t.settleJobs();
      for (const pageId of [first, second]) {
        const done = await waitForRenditions(token, projectId, chapterId, pageId, (r) => r.stage === 'done');
        expect(done).toMatchObject({ status: 'ready', reason: '' });
        expect(done.dzi).toMatch(/tiles\.dzi$/);
      }
    } finally {
      releasePreviews();
      releaseTiles();
      restore();
    }
  });
});

describe('a render that fails every try', () => {
  it('ends failed with its reason, stores nothing, and tells the open screens', async () => {
    const { team, chapterId, pageIds } = await draftPage();
    const { projectId } = team;
    let puts = 0;
    const restore = onRenditionPut(async () => {
      puts++;
      throw new Error('the store is gone');
    });
    const events: unknown[] = [];
    const stop = t.app.deps.live.subscribe(team.editor.id, (m) => {
      if (m.event === LiveEvent.CHAPTER) events.push(m.data);
    });
    try {
      await uploaded(team.founder, projectId, pageIds[0] as number);
      await t.settleJobs();
    } finally {
      stop();
      restore();
    }
    const failed = await waitForRenditions(
      team.founder.token,
      projectId,
      chapterId,
      pageIds[0] as number,
      () => true,
    );
    expect(failed).toMatchObject({
      status: 'failed',
      stage: 'done',
      reason: ja.renditionFailed,
      thumb: '',
      preview: '',
      dzi: '',
    });
    // Five tries (the first and 4 retries, infra/jobs.ts), each failing at its first file.
    expect(puts).toBeGreaterThanOrEqual(5);
    // One event for the upload, one when the job gave up (no try got as far as its previews).
    expect(events).toEqual([
      { projectId, chapterId },
      { projectId, chapterId },
    ]);
  });
});
