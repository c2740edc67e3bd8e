import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChapter, draftPages, productionTeam, uploadPageFile } from '../../test/chapter-fixtures.js';
import { oneBitTiff } from '../../test/page-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Renders take turns between accounts and projects (docs/jobs.md, "Fair renders"): one account's
 * many files hold another project's page back by at most the render already running, never by
 * all of them.
 */

let t: TestApp;
beforeAll(async () => {
  // One render at a time: the order the queue takes them is the order they end.
  t = await createTestApp({ renderConcurrency: 1 });
});
afterAll(async () => {
  await t.close();
});

/** Each 20 MP page renders in a process of its own: seconds each, long enough to queue behind. */
const HEAVY = [5000, 4000] as const;
const SETTLE_MS = 240_000;

async function chapterPages(pages: number) {
  const team = await productionTeam(t);
  const chapterId = await addChapter(t, team.founder, team.projectId, { page: String(pages) });
  const ids = (await draftPages(t, team.founder, team.projectId, chapterId)).map((p) => p.id);
  return { team, ids };
}

/** The uploads whose render-page job is still waiting (not started). */
async function waitingRenders(): Promise<number[]> {
  const { rows } = await t.app.deps.db.execute<{ upload_id: string }>(
    sql`select data->>'uploadId' as upload_id from pgboss.job where name = 'render-page' and state = 'created'`,
  );
  return rows.map((r) => Number(r.upload_id));
}

/** Uploads in the order their rendition settled. */
async function settledOrder(): Promise<number[]> {
  const { rows } = await t.app.deps.db.execute<{ upload_id: number }>(
    sql`select upload_id from page_renditions where status <> 'pending' order by updated_at, upload_id`,
  );
  return rows.map((r) => Number(r.upload_id));
}

describe('renders of several accounts and projects', () => {
  it("render another project's page next, not behind one account's many", {
    timeout: SETTLE_MS + 60_000,
  }, async () => {
    const many = await chapterPages(5);
    const one = await chapterPages(1);
    // The teams' own covers rendered first: the queue then holds only what follows.
    await t.settleJobs(SETTLE_MS);
    const heavy = await oneBitTiff(...HEAVY);
    const handedIn: number[] = [];
    for (const pageId of many.ids) {
      const res = await uploadPageFile(t, many.team.founder, many.team.projectId, pageId, {
        filename: 'page.tif',
        data: heavy,
      });
      expect(res.http).toBe(200);
      handedIn.push(res.body.data.renditions?.uploadId as number);
    }
    const waiting = await waitingRenders();
    const res = await uploadPageFile(t, one.team.founder, one.team.projectId, one.ids[0] as number);
    expect(res.http).toBe(200);
    const other = res.body.data.renditions?.uploadId as number;
    await t.settleJobs(SETTLE_MS);
    const order = (await settledOrder()).filter((id) => id === other || handedIn.includes(id));
    // The test means something only when several of the account's renders were still waiting.
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    for (const behind of waiting) expect(order.indexOf(behind)).toBeGreaterThan(order.indexOf(other));
    expect(order).toHaveLength(6);
  });
});
