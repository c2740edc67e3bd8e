import { Position, RecruitKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords.js';
import { pageFacts } from '../modules/print/print.repository.js';
import { runRenderJob } from '../modules/renditions/render-job.js';
import { findUploadByKey } from '../modules/uploads/uploads.repository.js';
import { call } from '../test/api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_PASSWORD, seedDemoPeople } from './demo-people.js';
import { seedDemoProject } from './demo-project.js';
import { SIDE_CHAPTER, SIDE_TITLE, seedDemoSideProject } from './demo-side-project.js';

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  ids = (await seedDemoPeople(t.app.deps.db, await hashPassword(DEMO_PASSWORD))).ids;
  // A migrated database and the demo's people: over a minute when other sessions load the machine.
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('npm run demo', () => {
  it('gives a newcomer logins and a project to click through, and can run twice', async () => {
    expect(await seedDemoProject(t.app.deps, ids)).toBe(true);
    expect(await seedDemoSideProject(t.app.deps, ids)).toBe(true);
    expect(await seedDemoProject(t.app.deps, ids)).toBe(false);
    expect(await seedDemoSideProject(t.app.deps, ids)).toBe(false);
    const login = await call(t, contract.accounts.login, {
      username: 'sakura@demo.koma.example',
      password: DEMO_PASSWORD,
    });
    const token = login.body.data.token;
    const mine = await call(t, contract.projects.mine, { type: 1 }, token);
    const projectId = mine.body.data.goon[0]?.proId as number;
    const detail = await call(t, contract.projects.detail, { proId: projectId }, token);
    expect(detail.body.data.users.map((u) => u.userName)).toEqual(
      expect.arrayContaining(['桜井 さくら', '高橋 陽翔', '田中 誠（編集）']),
    );
    expect((await call(t, contract.dashboard.todoList, { type: 12 }, token)).body.data.total).toBe(1);
    const chapters = (await call(t, contract.chapters.list, { projectId }, token)).body.data.list;
    // Every state of the line: name written, awaiting the editor, in production, final audit, 校了.
    expect(chapters.map((c) => c.status)).toEqual([1, 4, 3, 3, 6]);
    const work = await call(
      t,
      contract.workflow.pages,
      { projectId, chapterId: chapters[2]?.id as number },
      token,
    );
    expect(work.body.data.pages.map((p) => p.status)).toEqual([10, 0, 5, -10, 1, 0, -10]);
    // The sent-back pencils are overdue; the chapter has its forecast, which is therefore never
    // plainly on track and names that step (issue 30), as overdue, not at risk (issue 40).
    expect(work.body.data.pages.map((p) => p.overdue)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(work.body.data.forecast).toMatchObject({
      status: 'overdue',
      status_text: '期日超過1件',
      overdue_count: 1,
    });
    expect(work.body.data.forecast?.reason).toMatch(/^4ページの.+が期日.+を過ぎています。/);
    const audit = await call(
      t,
      contract.workflow.pages,
      { projectId, chapterId: chapters[3]?.id as number },
      token,
    );
    expect(audit.body.data.audit_record).toEqual({ audit_status: 1, remark: '' });
    expect((await call(t, contract.board.list, { projectId }, token)).body.data.total).toBe(2);
    // Corrections in every state, with replies, shapes and colours, on steps and on a name page.
    const marked = [
      ...work.body.data.pages.map((p) => p.page_id),
      ...(
        await call(t, contract.pages.list, { projectId, chapterId: chapters[1]?.id as number }, token)
      ).body.data.list.map((p) => p.id),
    ];
    const marks = [];
    for (const pageId of marked)
      marks.push(...(await call(t, contract.marks.list, { projectId, pageId }, token)).body.data.marks);
    expect(new Set(marks.map((m) => m.state))).toEqual(new Set(['open', 'resolved', 'confirmed']));
    expect(new Set(marks.map((m) => m.shape.type))).toEqual(
      new Set(['rect', 'ellipse', 'arrow', 'pen', 'text']),
    );
    expect(new Set(marks.map((m) => m.color)).size).toBeGreaterThan(2);
    expect(marks.some((m) => m.replies.length > 0)).toBe(true);
    expect(marks.some((m) => m.step_id === null) && marks.some((m) => m.step_id !== null)).toBe(true);
    // Seeding draws and stores every page through the services: minutes on a loaded 2-core machine.
  }, 180_000);

  // Run after the first test, which seeds the demo once.
  it("gives every account real work on its first login, the to-do tiles the README's list names", async () => {
    // Red-pen marks (docs/marks.md): open ones on the founder's name page (28), resolved ones on
    // the main artist's pencils for her and the editor to confirm (29).
    expect(await todoCounts('sakura@demo.koma.example')).toEqual({ 12: 1, 13: 1, 21: 1, 28: 1, 29: 1 });
    // 高橋 陽翔 handed in the pencils awaiting approval: the founder decides on them, not he.
    // The mark tiles count marks (issue 30): his three open marks on page 4, her two on page 7.
    expect(await todoCounts('haruto@demo.koma.example')).toEqual({ 23: 1, 25: 1, 28: 3 });
    expect(await todoCounts('yui@demo.koma.example')).toEqual({ 23: 1, 25: 1, 28: 2 });
    expect(await todoCounts('kenta@demo.koma.example')).toEqual({ 25: 1 });
    expect(await todoCounts('ren@demo.koma.example')).toEqual({ 13: 1 });
    expect(await todoCounts('editor.tanaka@demo.koma.example')).toEqual({ 2: 1, 26: 1, 29: 1 });
    // The 編集長's seat 田中 offered her, waiting for her answer.
    expect(await todoCounts('editor.kobayashi@demo.koma.example')).toEqual({ 15: 1 });
    // No team needs her yet: the dashboard offers what fits her.
    expect(await todoCounts('mio@demo.koma.example')).toEqual({});
    // The 副担当 shares the storyboard review with the editor in charge; 校了 stays hers (docs/states.md).
    expect(await todoCounts('editor.yamamoto@demo.koma.example')).toEqual({ 2: 1 });
    const mio = await home('mio@demo.koma.example');
    expect(mio.chapter.find((c) => c.title === `${SIDE_TITLE} ${SIDE_CHAPTER}`)?.recruit_pos).toContainEqual({
      posid: Position.LETTERING_ASSISTANT,
      position: '写植アシスタント',
    });
    const yamamoto = await home('editor.yamamoto@demo.koma.example');
    expect(yamamoto.pairs.map((p) => p.nick)).toEqual(['鈴木 健太']);
  });

  it('makes 田中 the editor of two serializations, the late one first on her timeline, with a 副担当', async () => {
    const tanaka = await tokenOf('editor.tanaka@demo.koma.example');
    const { chapters } = (await call(t, contract.schedule.timeline, undefined, tanaka)).body.data;
    expect(new Set(chapters.map((c) => c.project_title))).toEqual(new Set(['星降る町の図書館', SIDE_TITLE]));
    expect(chapters[0]).toMatchObject({
      chapter_title: SIDE_CHAPTER,
      risk: 'overdue',
      risk_text: '期日超過1件',
    });
    const projectId = chapters.find((c) => c.project_title !== SIDE_TITLE)?.project_id as number;
    const { seats } = (await call(t, contract.seats.ofProject, { projectId }, tanaka)).body.data;
    expect(seats.map((s) => [s.user.nickname, s.seat_name])).toEqual([['山本 大輔（編集）', '副担当']]);
  });

  it('gives 佐藤 結衣 a step to start, a sent-back page with open marks and a chapter recruitment that fits her', async () => {
    const yui = await tokenOf('yui@demo.koma.example');
    const yuiId = ids['yui@demo.koma.example'];
    const [todo] = (await call(t, contract.dashboard.todoList, { type: 25 }, yui)).body.data.list;
    expect(todo?.chapter_title).toBe('第3話 本の中の空');
    const projectId = todo?.projectid as number;
    const chapterId = todo?.chapterid as number;
    const chapter = (await call(t, contract.chapters.list, { projectId }, yui)).body.data.list.find(
      (c) => c.id === chapterId,
    );
    expect(chapter?.status).toBe(3);
    const pages = (await call(t, contract.workflow.pages, { projectId, chapterId }, yui)).body.data.pages;
    const hers = pages.filter((p) => p.current_user_id === yuiId);
    expect(hers.map((p) => [p.num, p.status, p.position?.position])).toEqual([
      [6, 0, 'トーン・ベタアシスタント'],
      [7, -10, 'トーン・ベタアシスタント'],
    ]);
    const [ready, sentBack] = hers;
    const stepOf = async (pageId: number) => {
      const detail = (await call(t, contract.workflow.page, { projectId, chapterId, pageId }, yui)).body.data;
      return detail.steps.find((s) => s.step_id === detail.current_step?.step_id);
    };
    // (a) She may start it now: the pencils and backgrounds before it are done.
    expect((await stepOf(ready?.page_id as number))?.actions).toEqual({
      start: true,
      commit: false,
      audit: false,
    });
    // (b) Sent back by the main artist, with a reason, his open marks on what she handed in.
    const step = await stepOf(sentBack?.page_id as number);
    expect(step?.actions).toEqual({ start: false, commit: true, audit: false });
    expect(step?.send_back?.user).toBe('高橋 陽翔');
    expect(step?.send_back?.remark).toBe('赤入れの2か所、トーンとベタの修正をお願いします。');
    expect(step?.open_marks).toBe(2);
    const marks = (
      await call(t, contract.marks.list, { projectId, pageId: sentBack?.page_id as number }, yui)
    ).body.data.marks;
    const onHers = marks.filter((m) => m.step_id === step?.step_id);
    expect(onHers.map((m) => [m.state, m.author.nickname])).toEqual([
      ['open', '高橋 陽翔'],
      ['open', '高橋 陽翔'],
    ]);
    expect(onHers.every((m) => m.revision_id !== null)).toBe(true);
    const [marked] = (await call(t, contract.dashboard.todoList, { type: 28 }, yui)).body.data.list;
    expect(marked?.marks).toEqual({ page_id: sentBack?.page_id, page_num: 7, count: 2 });
    // (c) A colour assistant's seat, open, in a chapter of a project she is not in, not applied to.
    const opening = (await home('yui@demo.koma.example')).chapter.find(
      (c) => c.title === `${SIDE_TITLE} ${SIDE_CHAPTER}`,
    );
    expect(opening?.recruit_pos.map((p) => p.posid)).toContain(Position.COLOUR_ASSISTANT);
    const recruitment = (
      await call(
        t,
        contract.recruitment.detail,
        {
          kind: RecruitKind.CHAPTER,
          projectId: opening?.proId as number,
          chapterId: opening?.chaId as number,
        },
        yui,
      )
    ).body.data.detail;
    expect(recruitment?.state).toBe(1);
    expect(recruitment?.details.find((d) => d.position_id === Position.COLOUR_ASSISTANT)).toMatchObject({
      filled: false,
      applied: false,
    });
  });
});

async function tokenOf(email: string): Promise<string> {
  return (await call(t, contract.accounts.login, { username: email, password: DEMO_PASSWORD })).body.data
    .token;
}

/** The dashboard's to-do tiles that show a number, type → count. */
async function todoCounts(email: string): Promise<Record<number, number>> {
  const { list } = (await call(t, contract.dashboard.todoCounts, undefined, await tokenOf(email))).body.data;
  return Object.fromEntries(list.filter((r) => r.cnt > 0).map((r) => [r.type, r.cnt]));
}

async function home(email: string) {
  return (await call(t, contract.dashboard.home, undefined, await tokenOf(email))).body.data;
}

describe('npm run demo with print-size pages', () => {
  it('sets 商業誌 B5 drawn on B4, and the chapter in production passes its preflight', async () => {
    // Renders are run by hand below, only for the files the preflight reads.
    const print = await createTestApp({ renderConcurrency: 0 });
    try {
      const people = (await seedDemoPeople(print.app.deps.db, await hashPassword(DEMO_PASSWORD))).ids;
      expect(await seedDemoProject(print.app.deps, people, { printPages: true })).toBe(true);
      const token = (
        await call(print, contract.accounts.login, {
          username: 'sakura@demo.koma.example',
          password: DEMO_PASSWORD,
        })
      ).body.data.token;
      const projectId = (await call(print, contract.projects.mine, { type: 1 }, token)).body.data.goon[0]
        ?.proId as number;
      const chapters = (await call(print, contract.chapters.list, { projectId }, token)).body.data.list;
      const chapterId = chapters.find((c) => c.title === '第3話 本の中の空')?.id as number;
      // Each page's final file (its last completed step's) rendered as the server would.
      for (const page of await pageFacts(print.app.deps.db, chapterId)) {
        const upload = page.fileKey ? await findUploadByKey(print.app.deps.db, page.fileKey) : undefined;
        if (upload) await runRenderJob(print.app.deps, upload.id);
      }
      const preflight = (await call(print, contract.print.preflight, { projectId, chapterId }, token)).body
        .data;
      expect(preflight.spec).toMatchObject({
        preset: 'magazineB5',
        drawnPaper: 'b4',
        colour: 'mono',
        dpi: 600,
      });
      // Pages 1, 2, 6 and 7 have a final file: 6071 × 8598 px, 1-bit, 600 dpi, nothing to say.
      // Pages 3–5 have none yet (pencils awaiting approval, sent back, being drawn): that alone.
      expect(preflight.pages.map((p) => [p.num, p.findings.map((f) => f.code)])).toEqual([
        [1, []],
        [2, []],
        [3, ['noFinalFile']],
        [4, ['noFinalFile']],
        [5, ['noFinalFile']],
        [6, []],
        [7, []],
      ]);
      expect(preflight.chapter).toEqual([]);
    } finally {
      await print.close();
    }
  }, 600_000);
});
