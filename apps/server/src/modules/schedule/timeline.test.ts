import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDay } from '../../lib/calendar.js';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { assignEditor, createProject, dayFromToday } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { approvedChapter, standardPlan } from '../../test/workflow-test-helpers.js';

/** The editor's timeline (docs/schedule.md, "The editor's timeline"), as the editor reads it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function timeline(who: Person) {
  const res = await call(t, contract.schedule.timeline, undefined, who.token);
  if (res.http !== 200) throw new Error(`no timeline: ${res.body.info}`);
  return res.body.data;
}

/** Moves a chapter's deadlines where the API refuses to (days already past). */
async function setDays(chapterId: number, scriptAt: string, checkAt: string) {
  await t.app.deps.db.execute(
    sql`update chapters set script_at = ${scriptAt}, check_at = ${checkAt} where id = ${chapterId}`,
  );
}

describe('the editor’s timeline', () => {
  it('lists every chapter of both serializations she edits, the late first, and nothing else', async () => {
    // Serialization A: a chapter in production, on track (check in 30 days).
    const a = await approvedChapter(t, 2);
    await standardPlan(t, a);
    const editor = a.editor;
    // Serialization B, another founder, the same editor in charge: one chapter late (its check
    // deadline passed), one whose name is past its deadline, one with time to spare.
    const founderB = await person(t, 'creator');
    const projectB = await createProject(t, founderB, { title: '本の中の空' });
    await assignEditor(t, founderB, editor, projectB);
    const late = await addChapter(t, founderB, projectB, { title: '第4話 司書の秘密' });
    const nameLate = await addChapter(t, founderB, projectB, { title: '第5話 夜の書庫' });
    const calm = await addChapter(t, founderB, projectB, { title: '第6話 窓' });
    await setDays(late, dayFromToday(-10), dayFromToday(-1));
    await setDays(nameLate, dayFromToday(-1), dayFromToday(20));
    // Serialization C: another team, another editor. Nobody there is hers.
    const c = await approvedChapter(t, 1);

    const mine = await timeline(editor);
    expect(mine.today).toBe(tokyoDay());
    expect(mine.chapters.map((ch) => [ch.chapter_id, ch.risk, ch.risk_text])).toEqual([
      [late, 'late', '遅延'],
      [nameLate, 'overdue', '期日超過1件'],
      [a.chapterId, 'on_track', '順調'],
      [calm, null, ''],
    ]);
    const [first, , production] = mine.chapters;
    expect(first).toMatchObject({
      project_id: projectB,
      project_title: '本の中の空',
      chapter_title: '第4話 司書の秘密',
      status: 1,
      status_text: 'ネーム作成中',
      start_on: tokyoDay(),
      script_at: dayFromToday(-10),
      check_at: dayFromToday(-1),
      buffer_days: 2,
      forecast: null,
    });
    expect(production?.forecast).toMatchObject({ status: 'on_track', status_text: '順調', overdue_count: 0 });
    const projects = new Set(mine.chapters.map((ch) => ch.project_id));
    expect(projects).toEqual(new Set([a.projectId, projectB]));
    expect(projects.has(c.projectId)).toBe(false);

    // C's editor sees C alone; the founders and the artists, members but no editors, see none.
    expect((await timeline(c.editor)).chapters.map((ch) => ch.chapter_id)).toEqual([c.chapterId]);
    for (const member of [a.founder, a.artist, founderB, c.founder, a.stranger])
      expect((await timeline(member)).chapters).toEqual([]);
  });

  it('keeps a finished chapter for a month past its check deadline, then drops it', async () => {
    const p = await approvedChapter(t, 1);
    await t.app.deps.db.execute(sql`update chapters set status = 6 where id = ${p.chapterId}`);
    await setDays(p.chapterId, dayFromToday(-40), dayFromToday(-30));
    expect((await timeline(p.editor)).chapters).toMatchObject([
      { chapter_id: p.chapterId, status_text: '校了', risk: null, forecast: null },
    ]);
    await setDays(p.chapterId, dayFromToday(-40), dayFromToday(-31));
    expect((await timeline(p.editor)).chapters).toEqual([]);
  });

  it('is refused without a session', async () => {
    const res = await callUnchecked(t, contract.schedule.timeline, undefined, undefined);
    expect(res.http).toBe(401);
  });
});
