import { MemberKind, NoticeKind, ProjectEventKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter, productionTeam, submitNames, type Team } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { dayFromToday } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { notices } from '../notices/notices.table.js';

/** The editorial seats, 副担当 and 編集長, and the editorial side's rights (docs/access.md, "Editorial seats"). */
let t: TestApp;
let team: Team;
let deputy: Person;
let chief: Person;

const inviteSeat = (by: Person, userId: number, seat: number, projectId = team.projectId) =>
  callUnchecked(t, contract.seats.invite, { projectId, userId, seat }, by.token);
const mine = async (who: Person) =>
  (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
const seatsOf = async (who: Person) =>
  (await call(t, contract.seats.ofProject, { projectId: team.projectId }, who.token)).body.data;
const noticesOf = async (who: Person, kind: NoticeKind) =>
  t.app.deps.db
    .select({ params: notices.params })
    .from(notices)
    .where(and(eq(notices.userId, who.id), eq(notices.kind, kind)));
const events = async () =>
  (await call(t, contract.projects.events, { projectId: team.projectId }, team.founder.token)).body.data.list;

/** `who` accepts the seat invitation waiting for them in the team's project. */
async function accept(who: Person) {
  const id = (await mine(who)).find((i) => i.project.id === team.projectId)?.id as number;
  const res = await callUnchecked(
    t,
    contract.invitations.answer,
    { invitationId: id, accept: true },
    who.token,
  );
  expect(res.http, res.body.info).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  team = await productionTeam(t, { title: '月の図書館' });
  deputy = await person(t, 'editor');
  chief = await person(t, 'editor');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('offering a seat', () => {
  it('the editor in charge offers 副担当 to an editor, who sees it as a part and accepts', async () => {
    const res = await inviteSeat(team.editor, deputy.id, MemberKind.DEPUTY);
    expect(res.http, res.body.info).toBe(200);
    const [offer] = await mine(deputy);
    expect(offer).toMatchObject({ project: { id: team.projectId }, position: '副担当', chapter_id: null });
    expect(await noticesOf(deputy, NoticeKind.TEAM_INVITED)).toHaveLength(1);
    // Waiting: listed to the founder and the editor in charge, not to the team.
    expect((await seatsOf(team.founder)).pending.map((p) => p.invitee.id)).toEqual([deputy.id]);
    expect(await seatsOf(team.artist)).toMatchObject({ pending: [], may_manage: false });
    await accept(deputy);
    expect((await seatsOf(team.artist)).seats).toEqual([
      { user: { id: deputy.id, nickname: deputy.nickname }, seat: MemberKind.DEPUTY, seat_name: '副担当' },
    ]);
    const detail = await call(t, contract.projects.detail, { proId: team.projectId }, deputy.token);
    expect(detail.body.data.users.find((u) => u.userId === deputy.id)?.role).toBe('副担当');
    expect(detail.body.data.isEditorial).toBe(true);
    // The one who offered it is told, and the activity names the seat.
    expect(await noticesOf(team.editor, NoticeKind.TEAM_INVITE_ACCEPTED)).toHaveLength(1);
    const joined = (await events()).find((e) => e.kind === ProjectEventKind.MEMBER_JOINED);
    expect(joined).toMatchObject({
      subject: { id: deputy.id },
      position: '副担当',
      actor: { id: team.editor.id },
    });
  });

  it('the founder offers 編集長; a second offer to the same person waits for the first', async () => {
    expect((await inviteSeat(team.founder, chief.id, MemberKind.CHIEF)).http).toBe(200);
    const again = await inviteSeat(team.founder, chief.id, MemberKind.DEPUTY);
    expect([again.http, again.body.info]).toEqual(
      [409, 'alreadyInvited'].map((x, i) => (i ? expect.any(String) : x)),
    );
    await accept(chief);
    expect((await seatsOf(team.founder)).seats.map((s) => [s.user.id, s.seat])).toEqual([
      [deputy.id, MemberKind.DEPUTY],
      [chief.id, MemberKind.CHIEF],
    ]);
  });

  it('refuses creators, seat holders, the editor in charge, and callers other than founder and editor', async () => {
    const creator = await person(t, 'creator');
    expect((await inviteSeat(team.founder, creator.id, MemberKind.DEPUTY)).http).toBe(400);
    expect((await inviteSeat(team.founder, chief.id, MemberKind.DEPUTY)).http).toBe(409);
    expect((await inviteSeat(team.founder, team.editor.id, MemberKind.CHIEF)).http).toBe(409);
    expect((await inviteSeat(team.editor, team.editor.id, MemberKind.CHIEF)).http).toBe(400);
    const other = await person(t, 'editor');
    // A seat holder does not add seats; a creator member neither; a stranger is told nothing.
    expect((await inviteSeat(deputy, other.id, MemberKind.DEPUTY)).http).toBe(403);
    expect((await inviteSeat(team.artist, other.id, MemberKind.DEPUTY)).http).toBe(403);
    expect((await inviteSeat(team.stranger, other.id, MemberKind.DEPUTY)).http).toBe(404);
    expect((await inviteSeat(team.founder, other.id, 3)).http).toBe(400);
  });
});

describe("the editorial side's rights", () => {
  let chapterId: number;
  beforeAll(async () => {
    chapterId = await addChapter(t, team.founder, team.projectId, { title: '第2話 閉架書庫' });
  });

  const update = async (who: Person, checkAt: string) => {
    const { body } = await call(
      t,
      contract.chapters.detail,
      { projectId: team.projectId, chapterId },
      who.token,
    );
    const { title, icon, scriptAt } = body.data;
    return callUnchecked(
      t,
      contract.chapters.update,
      { projectId: team.projectId, chapterId, title, icon, scriptAt, checkAt },
      who.token,
    );
  };

  it('a 副担当 moves the 校了締切: recorded in the activity and told to the founder', async () => {
    const res = await update(deputy, dayFromToday(40));
    expect(res.http, res.body.info).toBe(200);
    const moved = (await events()).find((e) => e.kind === ProjectEventKind.DEADLINE_MOVED);
    expect(moved).toMatchObject({ actor: { id: deputy.id }, chapter_title: '第2話 閉架書庫' });
    const told = await noticesOf(team.founder, NoticeKind.EDITORIAL_CHANGE);
    expect(told.map((n) => n.params)).toContainEqual(
      expect.objectContaining({
        nickname: deputy.nickname,
        change: 'deadline_moved',
        chapter: '第2話 閉架書庫',
      }),
    );
    const list = await call(t, contract.notices.list, { page: 1 }, team.founder.token);
    expect(list.body.data.notices.map((n) => n.message)).toContainEqual(
      `${deputy.nickname}さんが「月の図書館」第2話 閉架書庫の校了締切を変更しました`,
    );
  });

  it("the founder's own change is recorded but not told to her; a creator may not change it", async () => {
    const before = (await noticesOf(team.founder, NoticeKind.EDITORIAL_CHANGE)).length;
    expect((await update(team.founder, dayFromToday(41))).http).toBe(200);
    expect(await noticesOf(team.founder, NoticeKind.EDITORIAL_CHANGE)).toHaveLength(before);
    expect((await events())[0]).toMatchObject({
      kind: ProjectEventKind.DEADLINE_MOVED,
      actor: { id: team.founder.id },
    });
    expect((await update(team.artist, dayFromToday(42))).http).toBe(403);
  });

  it('the editor in charge and a 編集長 set the print specification; the schedule is theirs too', async () => {
    const spec = { preset: 'tankobonB6', colour: 'mono', dpi: 600 };
    for (const who of [team.editor, chief]) {
      const res = await callUnchecked(
        t,
        contract.print.saveProjectSpec,
        { projectId: team.projectId, spec },
        who.token,
      );
      expect(res.http, res.body.info).toBe(200);
    }
    const set = (await events()).filter((e) => e.kind === ProjectEventKind.PRINT_SPEC_CHANGED);
    expect(set.map((e) => [e.actor.id, e.chapter_title])).toEqual([
      [chief.id, null],
      [team.editor.id, null],
    ]);
    expect(
      (await noticesOf(team.founder, NoticeKind.EDITORIAL_CHANGE)).filter(
        (n) => n.params.change === 'print_spec_changed',
      ),
    ).toHaveLength(2);
    const artistTry = await callUnchecked(
      t,
      contract.print.saveProjectSpec,
      { projectId: team.projectId, spec: null },
      team.artist.token,
    );
    expect(artistTry.http).toBe(403);
    const schedule = await call(
      t,
      contract.schedule.chapter,
      { projectId: team.projectId, chapterId },
      deputy.token,
    );
    expect(schedule.body.data.editable).toBe(true);
    const assistant = await call(
      t,
      contract.schedule.chapter,
      { projectId: team.projectId, chapterId },
      team.assistant.token,
    );
    expect(assistant.body.data.editable).toBe(false);
  });

  it('a 副担当 reviews the storyboard but passes no 校了; a 編集長 may', async () => {
    const review = await addChapter(t, team.founder, team.projectId, { title: '第3話', page: '1' });
    await submitNames(t, team, review);
    const pages = await call(
      t,
      contract.pages.list,
      { projectId: team.projectId, chapterId: review },
      deputy.token,
    );
    expect(pages.body.data).toMatchObject({ can_review: true, can_edit: false });
    const check = {
      projectId: team.projectId,
      chapterId: review,
      checkStatus: 2,
      chapterNote: 'コマ割りを見直してください',
    };
    const sent = await callUnchecked(t, contract.chapters.checkNames, check, deputy.token);
    expect(sent.http, sent.body.info).toBe(200);
    // The storyboard is no creator's work of theirs: seat holders do not submit it.
    const submit = await callUnchecked(
      t,
      contract.chapters.submitNames,
      { projectId: team.projectId, chapterId: review },
      chief.token,
    );
    expect(submit.http).toBe(403);
    const ref = { projectId: team.projectId, chapterId };
    expect((await callUnchecked(t, contract.workflow.passAudit, ref, deputy.token)).http).toBe(403);
    // 編集長 gets past the guard: this chapter waits for no audit (409), as for the editor in charge.
    expect((await callUnchecked(t, contract.workflow.passAudit, ref, chief.token)).http).toBe(409);
    expect(
      (await callUnchecked(t, contract.workflow.rejectAudit, { ...ref, remark: 'x' }, deputy.token)).http,
    ).toBe(409);
  });
});

describe('ending a seat', () => {
  it('the editor in charge takes a seat back; the former holder is a stranger at once', async () => {
    const res = await callUnchecked(
      t,
      contract.seats.remove,
      { projectId: team.projectId, userId: chief.id },
      team.editor.token,
    );
    expect(res.http, res.body.info).toBe(200);
    expect(await noticesOf(chief, NoticeKind.MEMBER_REMOVED)).toHaveLength(1);
    const after = await callUnchecked(t, contract.chapters.list, { projectId: team.projectId }, chief.token);
    expect(after.http).toBe(404);
    // Not a seat holder: a creator member is not removed through the seats.
    const creator = await callUnchecked(
      t,
      contract.seats.remove,
      { projectId: team.projectId, userId: team.artist.id },
      team.editor.token,
    );
    expect(creator.http).toBe(404);
  });

  it('a holder leaves; the founder is told', async () => {
    const res = await callUnchecked(t, contract.projects.leave, { projectId: team.projectId }, deputy.token);
    expect(res.http, res.body.info).toBe(200);
    expect((await seatsOf(team.founder)).seats).toEqual([]);
    expect(await noticesOf(team.founder, NoticeKind.MEMBER_LEFT)).toHaveLength(1);
  });

  it('a waiting seat invitation is withdrawn by the founder', async () => {
    const other = await person(t, 'editor');
    expect((await inviteSeat(team.editor, other.id, MemberKind.CHIEF)).http).toBe(200);
    const [waiting] = (await seatsOf(team.founder)).pending;
    const res = await callUnchecked(
      t,
      contract.seats.withdraw,
      { projectId: team.projectId, invitationId: waiting?.id as number },
      team.founder.token,
    );
    expect(res.http, res.body.info).toBe(200);
    expect(await mine(other)).toEqual([]);
  });
});
