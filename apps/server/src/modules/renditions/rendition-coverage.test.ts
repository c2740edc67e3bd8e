import { Readable } from 'node:stream';
import { LIMITS, type RenditionStatus, UploadType } from '@koma/shared';
import { type ApiInput, contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { addChapter } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject, dayFromToday, recruit, today } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { image } from '../../test/upload-test-helpers.js';
import { act, approvedChapter, pageFile, pageSteps, standardPlan } from '../../test/workflow-test-helpers.js';
import { newUploadKey } from '../uploads/upload-names.js';
import { insertUpload } from '../uploads/uploads.repository.js';
import { backfillRenditions } from './rendition-backfill.js';
import { renditionsOf } from './renditions.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const THUMB = /^\/api\/renditions\/\d+\/[\w-]+\/3\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\.r\/thumb\.webp$/;
const ORIGINAL = /^\/api\/files\/3\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/;

/** A picture link as the browser fetches it: its type and long edge. */
async function fetched(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return { type: res.headers['content-type'], longEdge: Math.max(meta.width ?? 0, meta.height ?? 0) };
}

describe('project covers and chapter headers in lists', () => {
  let founder: Person;
  let seeker: Person;
  let projectId: number;
  let chapterId: number;

  beforeAll(async () => {
    founder = await person(t, 'creator');
    seeker = await person(t, 'creator', { positions: [2, 6], typebigs: [5] });
    projectId = await createProject(t, founder, { title: '表紙の見本', typeb: [5] });
    chapterId = await addChapter(t, founder, projectId, { title: '第1話 扉絵' });
    await recruit(t, founder, projectId, [2]);
    const chapterRecruitment: ApiInput<'recruitment', 'add'> = {
      kind: 2,
      projectId,
      chapterId,
      stime: today(),
      etime: dayFromToday(10),
      positions: [{ position_id: 6, num: 1 }],
    };
    expect((await call(t, contract.recruitment.add, chapterRecruitment, founder.token)).http).toBe(200);
  });

  /** The picture of this project (or its chapter) in every list that shows covers. */
  async function lists() {
    const mine = await call(t, contract.projects.mine, { type: 1 }, founder.token);
    const home = await call(t, contract.dashboard.home, undefined, founder.token);
    const seekerHome = await call(t, contract.dashboard.home, undefined, seeker.token);
    const search = await call(t, contract.projects.search, { keywords: '表紙の見本' }, seeker.token);
    const cases = await call(t, contract.chapters.search, { keywords: '扉絵' }, seeker.token);
    const chapters = await call(t, contract.chapters.list, { projectId }, founder.token);
    type Item = { proId?: number; project_id?: number; image?: string; project_icon?: string };
    const ofProject = (list: Item[]) => list.find((p) => (p.proId ?? p.project_id) === projectId);
    return {
      searchProject: ofProject(mine.body.data.goon)?.image,
      homeProject: ofProject(home.body.data.project)?.image,
      homeRecommend: ofProject(seekerHome.body.data.recommend)?.image,
      homeChapter: ofProject(seekerHome.body.data.chapter)?.image,
      projectSearch: ofProject(search.body.data.list)?.project_icon,
      chapterSearch: ofProject(cases.body.data.list)?.project_icon,
      chapterList: chapters.body.data.list.find((c) => c.id === chapterId)?.icon,
    } as Record<string, string | undefined>;
  }

  it('show the thumbnail once the job made it; the detail keeps the path the edit form sends back', async () => {
    await t.settleJobs();
    const shown = await lists();
    for (const [list, url] of Object.entries(shown)) {
      expect(url, list).toMatch(THUMB);
      const thumb = await fetched(url as string);
      expect(thumb.type, list).toBe('image/webp');
      expect(thumb.longEdge, list).toBeLessThanOrEqual(LIMITS.renditionThumbPx);
    }
    // The chapter's header is its own upload, not the project's cover.
    expect(shown.chapterList).not.toBe(shown.searchProject);
    const detail = await call(t, contract.projects.detail, { proId: projectId }, founder.token);
    expect(detail.body.data.icon).toMatch(ORIGINAL);
    const chapter = await call(t, contract.chapters.detail, { projectId, chapterId }, founder.token);
    expect(chapter.body.data.icon).toMatch(ORIGINAL);
  });

  it('show the original, small and public, while the thumbnail is not made (an older cover)', async () => {
    // Covers uploaded before they got renditions: no row, no job.
    await t.app.deps.db.execute(sql`
      delete from page_renditions where upload_id in (select id from uploads where type = ${UploadType.COVER})`);
    for (const [list, url] of Object.entries(await lists())) {
      expect(url, list).toMatch(ORIGINAL);
      expect((await fetched(url as string)).type, list).toBe('image/png');
    }
    // The backfill renders them.
    expect(await backfillRenditions(t.app.deps)).toBe(2);
    await t.settleJobs();
    for (const [list, url] of Object.entries(await lists())) expect(url, list).toMatch(THUMB);
  });
});

describe('history entries', () => {
  it('carry the renditions of the handed-in file and of the sending-back example', async () => {
    const p = await approvedChapter(t, 1);
    await standardPlan(t, p);
    const pageId = p.pageIds[0] as number;
    const stepId = (await pageSteps(t, p, pageId)).steps[0]?.step_id as number;
    expect((await act(t, p, p.artist, 'actionStart', stepId)).http).toBe(200);
    const work = await pageFile(t, p.artist, 'work.png');
    expect((await act(t, p, p.artist, 'actionCommit', stepId, { filePath: work })).http).toBe(200);
    const { form, upload } = await import('../../test/upload-test-helpers.js');
    const example = await upload(t, form(15, 'example.png', await image('png')), p.founder.token);
    const rejected = await act(t, p, p.founder, 'actionAuditReject', stepId, {
      remark: '線を細く',
      filePath: example.body.data.path,
    });
    expect(rejected.http).toBe(200);
    await t.settleJobs();
    const history = (await act(t, p, p.founder, 'commitList', stepId)).body.data.list as {
      kind: string;
      renditions: { status: string; thumb: string; preview: string } | null;
    }[];
    expect(history.map((h) => h.kind).sort()).toEqual(['commit', 'reject']);
    for (const entry of history) {
      expect(entry.renditions?.status, entry.kind).toBe('ready');
      expect((await fetched(entry.renditions?.thumb as string)).type).toBe('image/webp');
      expect((await fetched(entry.renditions?.preview as string)).type).toBe('image/webp');
    }
  });
});

describe('the backfill of uploads stored before the render job', () => {
  /** An upload stored as before the job existed: its file and row, no job. */
  async function oldUpload(type: UploadType) {
    const owner = await person(t, 'creator');
    const data = await image('png');
    const key = newUploadKey(type, 'png');
    await t.app.deps.storage.put(key, Readable.from([data]), LIMITS.fileMaxBytes);
    const row = await insertUpload(t.app.deps.db, {
      key,
      userId: owner.id,
      type,
      filename: 'old.png',
      ext: 'png',
      size: data.length,
      // Put somewhere, as every upload stored before attachments were counted (migration 0019).
      attachedAt: new Date(),
    });
    return row.id;
  }

  const renderJobs = async (ids: number[]) =>
    (
      await t.app.deps.db.execute<{ upload_id: number }>(sql`
        select (data->>'uploadId')::int as upload_id from pgboss.job where name = 'render-page'`)
    ).rows.filter((r) => ids.includes(Number(r.upload_id))).length;

  const statuses = async (ids: number[]): Promise<RenditionStatus[]> => {
    const made = await renditionsOf(t.app.deps.db, ids);
    return ids.map((id) => made.get(id)?.status as RenditionStatus);
  };

  it('runs at every start (and then finds nothing to do)', async () => {
    await t.settleJobs();
    const { rows } = await t.app.deps.db.execute<{ state: string }>(
      sql`select state::text from pgboss.job where name = 'backfill-renditions'`,
    );
    expect(rows.map((r) => r.state)).toContain('completed');
  });

  it('renders them, each once, even when two runs meet; a later run stores nothing', async () => {
    await t.settleJobs();
    const ids = [
      await oldUpload(UploadType.PAGE),
      await oldUpload(UploadType.SAMPLE),
      await oldUpload(UploadType.COVER),
    ];
    // Files that are not shown as pictures get none.
    const folderFile = await oldUpload(UploadType.FILE);
    const runs = await Promise.all([backfillRenditions(t.app.deps), backfillRenditions(t.app.deps)]);
    expect(runs.sort()).toEqual([0, 3]);
    expect(await renderJobs(ids)).toBe(3);
    await t.settleJobs();
    expect(await statuses(ids)).toEqual(['ready', 'ready', 'ready']);
    expect(await backfillRenditions(t.app.deps)).toBe(0);
    expect(await renderJobs([...ids, folderFile])).toBe(3);
  });

  it('goes on with the next batch until every upload has its job', async () => {
    await t.settleJobs();
    const ids = [await oldUpload(UploadType.PAGE), await oldUpload(UploadType.PAGE)];
    // A batch of one: the second upload is left to the job it stores for the next batch.
    expect(await backfillRenditions(t.app.deps, 0, 1)).toBe(1);
    await t.settleJobs();
    expect(await statuses(ids)).toEqual(['ready', 'ready']);
    expect(await renderJobs(ids)).toBe(2);
  });

  it('leaves an upload whose job is stored to that job', async () => {
    await t.settleJobs();
    const owner = await person(t, 'creator');
    // Stored as the upload stores it: the row and its job in one transaction.
    const data = await image('png');
    const key = newUploadKey(UploadType.PAGE, 'png');
    await t.app.deps.storage.put(key, Readable.from([data]), LIMITS.fileMaxBytes);
    const id = await t.app.deps.db.transaction(async (tx) => {
      const row = await insertUpload(tx, {
        key,
        userId: owner.id,
        type: UploadType.PAGE,
        filename: 'new.png',
        ext: 'png',
        size: data.length,
      });
      await t.app.deps.jobs.send('render-page', { uploadId: row.id }, { tx });
      return row.id;
    });
    // Waiting (the queue polls every 2 s), running or done: never stored a second time.
    expect(await backfillRenditions(t.app.deps)).toBe(0);
    await t.settleJobs();
    expect(await statuses([id])).toEqual(['ready']);
    expect(await renderJobs([id])).toBe(1);
  });
});
