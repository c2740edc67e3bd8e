import { Readable } from 'node:stream';
import { MESSAGES, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload } from '../../test/upload-test-helpers.js';
import {
  act,
  approvedChapter,
  type Production,
  pageFile,
  pageSteps,
  standardPlan,
} from '../../test/workflow-test-helpers.js';
import { renditionFolder } from '../renditions/rendition-keys.js';
import { removeUnattachedUploads, UNATTACHED_TTL_MS } from './unattached.js';
import { keyOfPath } from './upload-names.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  // No render runs: the tests read the render queue as it was stored.
  t = await createTestApp({ renderConcurrency: 0 });
});
afterAll(async () => {
  await t.close();
});

interface QueuedRender {
  uploadId: number;
  userId?: number;
  projectId?: number;
  priority: number;
}

/** The render jobs waiting, in the order the queue takes them. */
async function queuedRenders(): Promise<QueuedRender[]> {
  const { rows } = await t.app.deps.db.execute<{ data: Omit<QueuedRender, 'priority'>; priority: number }>(
    sql`select data, priority from pgboss.job where name = 'render-page' and state = 'created'
        order by priority desc, created_on, id`,
  );
  return rows.map((r) => ({ ...r.data, priority: r.priority }));
}

/** As if every render stored so far had run (the storyboard pages' among them). */
async function rendersDone(): Promise<void> {
  await t.app.deps.db.execute(
    sql`update pgboss.job set state = 'completed' where name = 'render-page' and state = 'created'`,
  );
}

async function uploadId(path: string): Promise<number> {
  const { rows } = await t.app.deps.db.execute<{ id: number }>(
    sql`select id from uploads where key = ${keyOfPath(path)}`,
  );
  return rows[0]?.id ?? 0;
}

/** A production chapter whose first page's pencils the artist has started. */
async function startedPencils(pages = 1) {
  const p = await approvedChapter(t, pages);
  await standardPlan(t, p);
  const stepIds: number[] = [];
  for (const pageId of p.pageIds) {
    const pencils = (await pageSteps(t, p, pageId, p.artist)).steps[0];
    if (!pencils) throw new Error('no pencils step');
    expect((await act(t, p, p.artist, 'actionStart', pencils.step_id)).http).toBe(200);
    stepIds.push(pencils.step_id);
  }
  return { p, stepIds };
}

async function handIn(p: Production, stepId: number, filePath: string) {
  return act(t, p, p.artist, 'actionCommit', stepId, { filePath });
}

describe('a page file is rendered only once it is put somewhere', () => {
  it('stores an upload of an account with no project without rendering it', async () => {
    const loner = await person(t, 'creator');
    const path = await pageFile(t, loner);
    const id = await uploadId(path);
    expect(id).toBeGreaterThan(0);
    expect((await queuedRenders()).map((r) => r.uploadId)).not.toContain(id);
    const rows = await t.app.deps.db.execute(sql`select 1 from page_renditions where upload_id = ${id}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('queues the render when the file is handed in, once, named by its uploader and project', async () => {
    const { p, stepIds } = await startedPencils();
    const path = await pageFile(t, p.artist);
    const id = await uploadId(path);
    expect((await queuedRenders()).map((r) => r.uploadId)).not.toContain(id);
    await rendersDone();
    expect((await handIn(p, stepIds[0] as number, path)).http).toBe(200);
    const queued = (await queuedRenders()).filter((r) => r.uploadId === id);
    expect(queued).toEqual([{ uploadId: id, userId: p.artist.id, projectId: p.projectId, priority: 0 }]);
  });

  it('queues a project cover and a chapter header when they are saved', async () => {
    const { p } = await startedPencils();
    const cover = await upload(t, form(UploadType.COVER, 'cover.png', await image('png')), p.founder.token);
    const coverId = await uploadId(cover.body.data.path);
    expect((await queuedRenders()).map((r) => r.uploadId)).not.toContain(coverId);
    const detail = (
      await call(
        t,
        contract.chapters.detail,
        { projectId: p.projectId, chapterId: p.chapterId },
        p.founder.token,
      )
    ).body.data;
    const saved = await call(
      t,
      contract.chapters.update,
      {
        projectId: p.projectId,
        chapterId: p.chapterId,
        title: detail.title,
        icon: cover.body.data.path,
        scriptAt: detail.scriptAt,
        checkAt: detail.checkAt,
      },
      p.founder.token,
    );
    expect(saved.http).toBe(200);
    expect((await queuedRenders()).filter((r) => r.uploadId === coverId)).toHaveLength(1);
  });

  it("lets another project's page come right after one account's first of many", async () => {
    const busy = await startedPencils(4);
    const other = await startedPencils(1);
    await rendersDone();
    for (const stepId of busy.stepIds)
      expect((await handIn(busy.p, stepId, await pageFile(t, busy.p.artist))).http).toBe(200);
    const single = await pageFile(t, other.p.artist);
    expect((await handIn(other.p, other.stepIds[0] as number, single)).http).toBe(200);

    const order = (await queuedRenders())
      .filter((r) => r.projectId === busy.p.projectId || r.projectId === other.p.projectId)
      .map((r) => r.projectId);
    const [a, b] = [busy.p.projectId, other.p.projectId];
    expect(order).toEqual([a, b, a, a, a]);
  });
});

describe('page files never put anywhere', () => {
  it('are swept with their renditions a day after their upload; attached ones stay', async () => {
    const { p, stepIds } = await startedPencils();
    const loose = await pageFile(t, p.artist, 'loose.png');
    const handed = await pageFile(t, p.artist, 'handed.png');
    expect((await handIn(p, stepIds[0] as number, handed)).http).toBe(200);
    const looseKey = keyOfPath(loose) as string;
    const storage = t.app.deps.storage;
    // As if a render had been made of it: the sweep takes it along.
    await storage.put(`${renditionFolder(looseKey)}/thumb.webp`, Readable.from([Buffer.from('x')]), 10);

    expect(
      await removeUnattachedUploads(
        t.app.deps.db,
        storage,
        new Date(Date.now() + UNATTACHED_TTL_MS - 60_000),
      ),
    ).toBe(0);
    const later = new Date(Date.now() + UNATTACHED_TTL_MS + 60_000);
    expect(await removeUnattachedUploads(t.app.deps.db, storage, later)).toBeGreaterThanOrEqual(1);
    expect(await uploadId(loose)).toBe(0);
    expect(await storage.stat(looseKey)).toBeNull();
    expect(await storage.stat(`${renditionFolder(looseKey)}/thumb.webp`)).toBeNull();
    expect(await uploadId(handed)).toBeGreaterThan(0);
    expect(await storage.stat(keyOfPath(handed) as string)).not.toBeNull();
  });

  it('cannot be handed in once swept: the hand-in is refused and changes nothing', async () => {
    const { p, stepIds } = await startedPencils();
    const path = await pageFile(t, p.artist);
    await removeUnattachedUploads(
      t.app.deps.db,
      t.app.deps.storage,
      new Date(Date.now() + 2 * UNATTACHED_TTL_MS),
    );
    expect(await handIn(p, stepIds[0] as number, path)).toMatchObject({
      http: 400,
      body: { info: ja.uploadPathInvalid },
    });
    const pencils = (await pageSteps(t, p, p.pageIds[0] as number, p.artist)).steps[0];
    expect(pencils?.status).toBe(1);
  });
});
