import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords.js';
import { call } from '../test/api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_PASSWORD, seedDemoPeople } from './demo-people.js';
import { seedDemoProject } from './demo-project.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('npm run demo', () => {
  it('gives a newcomer logins and a project to click through, and can run twice', async () => {
    const { ids } = await seedDemoPeople(t.app.deps.db, await hashPassword(DEMO_PASSWORD));
    expect(await seedDemoProject(t.app.deps, ids)).toBe(true);
    expect(await seedDemoProject(t.app.deps, ids)).toBe(false);
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
    expect(work.body.data.pages.map((p) => p.status)).toEqual([10, 0, 5, -10, 1]);
    // The sent-back page is overdue; the chapter has its forecast.
    expect(work.body.data.pages.map((p) => p.overdue)).toEqual([false, false, false, true, false]);
    expect(work.body.data.forecast?.status).toBe('on_track');
    const audit = await call(
      t,
      contract.workflow.pages,
      { projectId, chapterId: chapters[3]?.id as number },
      token,
    );
    expect(audit.body.data.audit_record).toEqual({ audit_status: 1, remark: '' });
    // Everyone's dashboard says what to do next.
    const todos = async (email: string) => {
      const who = await call(t, contract.accounts.login, { username: email, password: DEMO_PASSWORD });
      const list = (await call(t, contract.dashboard.todoCounts, undefined, who.body.data.token)).body.data
        .list;
      return list
        .filter((r) => r.cnt > 0)
        .map((r) => r.type)
        .sort();
    };
    // Red-pen marks (docs/marks.md): open ones on the founder's name page and the artist's sent-back
    // pencils (28), resolved ones for the founder and the editor to confirm (29).
    expect(await todos('sakura@demo.koma.example')).toEqual([12, 13, 21, 28, 29].sort());
    expect(await todos('editor.tanaka@demo.koma.example')).toEqual([2, 26, 29].sort());
    // 高橋 陽翔 handed in the pencils awaiting approval: the founder decides on them, not he.
    expect(await todos('haruto@demo.koma.example')).toEqual([23, 25, 28].sort());
    expect(await todos('kenta@demo.koma.example')).toEqual([25]);
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
  });
});
