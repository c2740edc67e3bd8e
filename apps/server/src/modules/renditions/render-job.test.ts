import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LiveEvent, MESSAGES, type PageRenditions } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../infra/storage.js';
import { call } from '../../test/api.js';
import { addChapter, draftPages, productionTeam, uploadPageFile } from '../../test/chapter-fixtures.js';
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
function onRenditionPut(on: TestApp, put: (key: string, store: () => ReturnType<Put>) => ReturnType<Put>) {
  const storage = on.app.deps.storage;
  const original = storage.put;
  storage.put = (key, source, max) =>
    key.includes('.r/') ? put(key, () => original(key, source, max)) : original(key, source, max);
  return () => {
    storage.put = original;
  };
}

async function draftPage(on: TestApp) {
  const team = await productionTeam(on);
  const chapterId = await addChapter(on, team.founder, team.projectId, { page: '2' });
  const pages = await draftPages(on, team.founder, team.projectId, chapterId);
  return { team, chapterId, pageIds: pages.map((p) => p.id) };
}

async function uploaded(
  on: TestApp,
  who: Person,
  projectId: number,
  pageId: number,
): Promise<PageRenditions> {
  const res = await uploadPageFile(on, who, projectId, pageId, { filename: 'page.png', data: page });
  expect(res.http).toBe(200);
  const { renditions } = res.body.data;
  if (!renditions) throw new Error('no renditions');
  return renditions;
}

/** Polls the draft page list until `pageId`'s renditions satisfy `done`. */
async function waitForRenditions(
  on: TestApp,
  token: string,
  projectId: number,
  chapterId: number,
  pageId: number,
  done: (r: PageRenditions) => boolean,
): Promise<PageRenditions> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await call(on, contract.pages.list, { projectId, chapterId }, token);
    const r = res.body.data.list.find((p) => p.id === pageId)?.renditions as PageRenditions;
    if (done(r)) return r;
    if (Date.now() > deadline) throw new Error(`renditions still ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('how far a rendition has come', () => {
  it('queued while another page renders, then previews, then tiles with the thumbnail, then done', async () => {
    const { team, chapterId, pageIds } = await draftPage(t);
    const [first, second] = pageIds as [number, number];
    const { projectId } = team;
    const token = team.founder.token;
    // The project's cover is rendered too: done before the hold below, so only pages wait on it.
    await t.settleJobs();
    let releasePreviews = () => {};
    let releaseTiles = () => {};
    const previewsHeld = new Promise<void>((resolve) => {
      releasePreviews = resolve;
    });
    const tilesHeld = new Promise<void>((resolve) => {
      releaseTiles = resolve;
    });
    const restore = onRenditionPut(t, async (key, store) => {
      await (key.endsWith('/thumb.webp') || key.endsWith('/preview.webp') ? previewsHeld : tilesHeld);
      return store();
    });
    try {
      expect((await uploaded(t, team.founder, projectId, first)).stage).toMatch(/^(queued|previews)$/);
      const making = await waitForRenditions(
        t,
        token,
        projectId,
        chapterId,
        first,
        (r) => r.stage !== 'queued',
      );
      expect(making).toMatchObject({ status: 'pending', stage: 'previews', thumb: '', preview: '', dzi: '' });
      // The instance's one job slot is taken: the second page waits its turn.
      expect(await uploaded(t, team.founder, projectId, second)).toMatchObject({
        status: 'pending',
        stage: 'queued',
        thumb: '',
      });

      releasePreviews();
      const tiling = await waitForRenditions(
        t,
        token,
        projectId,
        chapterId,
        first,
        (r) => r.stage === 'tiles',
      );
      expect(tiling).toMatchObject({ status: 'pending', dzi: '' });
      expect(tiling.thumb).toMatch(/thumb\.webp$/);

      releaseTiles();
      await t.settleJobs();
      for (const pageId of [first, second]) {
        const done = await waitForRenditions(
          t,
          token,
          projectId,
          chapterId,
          pageId,
          (r) => r.stage === 'done',
        );
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
    const { team, chapterId, pageIds } = await draftPage(t);
    const { projectId } = team;
    let puts = 0;
    const restore = onRenditionPut(t, async () => {
      puts++;
      throw new Error('the store is gone');
    });
    const events: unknown[] = [];
    const stop = t.app.deps.live.subscribe(team.editor.id, (m) => {
      if (m.event === LiveEvent.CHAPTER) events.push(m.data);
    });
    try {
      await uploaded(t, team.founder, projectId, pageIds[0] as number);
      // Five tries, each starting a render process of its own (about a second under the tsx loader).
      await t.settleJobs(60_000);
    } finally {
      stop();
      restore();
    }
    const failed = await waitForRenditions(
      t,
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

describe('a render killed during its last try', () => {
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'ends failed at the next embedded start, which will not try it again',
    async () => {
      const pgliteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-render-job-'));
      const first = await createTestApp({ pgliteDir, jobRetryDelayScale: 0 });
      let next: TestApp | undefined;
      try {
        const { team, chapterId, pageIds } = await draftPage(first);
        const pageId = pageIds[0] as number;
        // A store that never answers, as when the server is killed in the middle of the render.
        onRenditionPut(first, () => new Promise<{ size: number }>(() => {}));
        await uploaded(first, team.founder, team.projectId, pageId);
        const db = first.app.deps.db;
        const running = async () => {
          const { rows } = await db.execute(
            sql`select 1 from pgboss.job where name = 'render-page' and state = 'active'`,
          );
          return rows.length > 0;
        };
        while (!(await running())) await new Promise((resolve) => setTimeout(resolve, 20));
        // The earlier tries failed: this one was the last.
        await db.execute(sql`update pgboss.job set retry_count = retry_limit where name = 'render-page'`);
        await first.close();

        next = await createTestApp({ pgliteDir, jobRetryDelayScale: 0 });
        const settled = await waitForRenditions(
          next,
          team.founder.token,
          team.projectId,
          chapterId,
          pageId,
          (r) => r.status !== 'pending',
        );
        expect(settled).toMatchObject({ status: 'failed', stage: 'done', reason: ja.renditionFailed });
      } finally {
        await next?.close();
        await fs.rm(pgliteDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
