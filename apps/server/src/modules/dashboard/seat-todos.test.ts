import { MemberKind, TodoType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { addChapter, draftPages, submitNames } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  approvedChapter,
  chapterCall,
  finishAllPages,
  type Production,
  standardPlan,
} from '../../test/workflow-test-helpers.js';

/**
 * The editorial seats get the to-dos of what their seat may do (docs/access.md, "Editorial seats"):
 * 副担当 and 編集長 review the storyboard as the editor in charge does; the 校了 waits for the editor
 * in charge and the 編集長 only. The tile and the dialog count alike; the team's creators get none.
 */
let t: TestApp;
let p: Production;
let deputy: Person;
let chief: Person;

async function takeSeat(who: Person, seat: number) {
  const offer = await call(
    t,
    contract.seats.invite,
    { projectId: p.projectId, userId: who.id, seat },
    p.editor.token,
  );
  expect(offer.http, offer.body.info).toBe(200);
  const mine = (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
  const invitationId = mine.find((i) => i.project.id === p.projectId)?.id as number;
  const res = await call(t, contract.invitations.answer, { invitationId, accept: true }, who.token);
  expect(res.http, res.body.info).toBe(200);
}

/** The tile's number and the dialog's chapters of one to-do type, as `who` sees them. */
async function todo(who: Person, type: TodoType) {
  const counts = (await call(t, contract.dashboard.todoCounts, undefined, who.token)).body.data.list;
  const list = (await call(t, contract.dashboard.todoList, { type, pageSize: 50 }, who.token)).body.data;
  return {
    tile: counts.find((c) => c.type === type)?.cnt ?? 0,
    cnt: list.cnt,
    chapters: list.list.map((r) => r.chapterid),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 1, { title: '月の図書館' });
  deputy = await person(t, 'editor');
  chief = await person(t, 'editor');
  await takeSeat(deputy, MemberKind.DEPUTY);
  await takeSeat(chief, MemberKind.CHIEF);
}, 120_000);
afterAll(() => t.close());

describe('the editorial seats’ to-dos', () => {
  it('a submitted storyboard waits for the editor in charge, the 副担当 and the 編集長, not the team', async () => {
    const chapterId = await addChapter(t, p.founder, p.projectId, { title: '第2話 夜の書庫', page: '1' });
    await submitNames(t, p, chapterId);
    for (const who of [p.editor, deputy, chief])
      expect(await todo(who, TodoType.NAME_APPROVAL)).toEqual({ tile: 1, cnt: 1, chapters: [chapterId] });
    for (const who of [p.assistant, p.artist, p.founder])
      expect(await todo(who, TodoType.NAME_APPROVAL)).toEqual({ tile: 0, cnt: 0, chapters: [] });

    // The 副担当 approves it for the desk, page and chapter: it then waits for nobody.
    for (const page of await draftPages(t, deputy, p.projectId, chapterId)) {
      const input = { projectId: p.projectId, pageId: page.id, checkStatus: 1 as const };
      expect((await call(t, contract.pages.check, input, deputy.token)).http).toBe(200);
    }
    const input = { projectId: p.projectId, chapterId, checkStatus: 1 as const, chapterNote: '' };
    const res = await call(t, contract.chapters.checkNames, input, deputy.token);
    expect(res.http, res.body.info).toBe(200);
    for (const who of [p.editor, deputy, chief])
      expect((await todo(who, TodoType.NAME_APPROVAL)).tile).toBe(0);
  });

  it('the 校了 request waits for the editor in charge and the 編集長, who passes it; not for the 副担当', async () => {
    await standardPlan(t, p);
    await finishAllPages(t, p);
    const asked = await chapterCall(t, p, p.founder, 'actionCommit');
    expect(asked.http, asked.body.info).toBe(200);
    for (const who of [p.editor, chief])
      expect(await todo(who, TodoType.FINAL_AUDIT)).toEqual({ tile: 1, cnt: 1, chapters: [p.chapterId] });
    for (const who of [deputy, p.assistant, p.artist, p.founder])
      expect(await todo(who, TodoType.FINAL_AUDIT)).toEqual({ tile: 0, cnt: 0, chapters: [] });

    expect((await chapterCall(t, p, chief, 'actionAuditPass')).http).toBe(200);
    for (const who of [p.editor, chief]) expect((await todo(who, TodoType.FINAL_AUDIT)).tile).toBe(0);
  });
});
