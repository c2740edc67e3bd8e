import { AccountStatus, LIMITS, MESSAGES, NoticeKind, ProjectEventKind, TodoType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter, todoCounts } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { users } from '../accounts/accounts.table.js';
import { notices } from '../notices/notices.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { teamInvitations } from './invitations.table.js';

/** Inviting a person to a part of the project by their account (docs/access.md, "Inviting"). */
let t: TestApp;
let founder: Person;
let projectId: number;
let chapterId: number;

const WHOLE = { posId: 6, chapterId: null };

beforeAll(async () => {
  t = await createTestApp();
  founder = await person(t, 'creator');
  projectId = await createProject(t, founder, { title: '星降る街' });
  chapterId = await addChapter(t, founder, projectId, { title: '第1話 出会い' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const invite = (userId: number, part: { posId: number; chapterId: number | null } = WHOLE, at = projectId) =>
  callUnchecked(t, contract.invitations.invite, { projectId: at, userId, part }, founder.token);
const mine = async (who: Person) =>
  (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
const answer = (who: Person, invitationId: number, accept: boolean) =>
  callUnchecked(t, contract.invitations.answer, { invitationId, accept }, who.token);
const listOf = async () =>
  (await call(t, contract.invitations.ofProject, { projectId }, founder.token)).body.data.list;
const noticesOf = async (who: Person, kind: NoticeKind) =>
  t.app.deps.db
    .select({ params: notices.params })
    .from(notices)
    .where(and(eq(notices.userId, who.id), eq(notices.kind, kind)));
const partsOf = async (who: Person, at = projectId) => {
  const detail = await call(t, contract.projects.detail, { proId: at }, founder.token);
  return detail.body.data.users.find((u) => u.userId === who.id)?.parts ?? [];
};
const rowCount = async () => (await t.app.deps.db.select().from(teamInvitations)).length;

/** A new person invited to `part`; their invitation's id as they see it. */
async function invited(part: { posId: number; chapterId: number | null } = WHOLE) {
  const who = await person(t, 'creator');
  const res = await invite(who.id, part);
  expect(res.http, res.body.info).toBe(200);
  const id = (await mine(who))[0]?.id as number;
  return { who, id };
}

describe('an invitation by account', () => {
  it('reaches the invitee as a notice and a to-do; accepting makes them a member of that part', async () => {
    const { who, id } = await invited({ posId: 6, chapterId });
    expect(await noticesOf(who, NoticeKind.TEAM_INVITED)).toHaveLength(1);
    expect((await todoCounts(t, who))[TodoType.TEAM_INVITATION]).toBe(1);
    const items = await call(t, contract.dashboard.todoList, { type: TodoType.TEAM_INVITATION }, who.token);
    expect(items.body.data.list[0]).toMatchObject({
      project_title: '星降る街',
      chapter_title: '第1話 出会い',
      project_user: { id: founder.id },
    });
    const [offer] = await mine(who);
    expect(offer).toMatchObject({
      project: { id: projectId, title: '星降る街' },
      inviter: { id: founder.id, nickname: founder.nickname },
      pos_id: 6,
      position: '背景アシスタント',
      chapter_id: chapterId,
      chapter_title: '第1話 出会い',
    });

    const res = await answer(who, id, true);
    expect(res.http, res.body.info).toBe(200);
    expect(res.body.data).toEqual({ projectId });
    expect(await partsOf(who)).toEqual([
      { pos_id: 6, position: '背景アシスタント', chapter_id: chapterId, chapter_title: '第1話 出会い' },
    ]);
    expect((await todoCounts(t, who))[TodoType.TEAM_INVITATION] ?? 0).toBe(0);
    expect(await noticesOf(founder, NoticeKind.TEAM_INVITE_ACCEPTED)).toContainEqual({
      params: expect.objectContaining({ nickname: who.nickname, posId: 6, scope: '第1話 出会い' }),
    });
    const events = await call(t, contract.projects.events, { projectId, page: 1 }, founder.token);
    expect(events.body.data.list[0]).toMatchObject({
      kind: ProjectEventKind.MEMBER_JOINED,
      actor: { id: founder.id },
      subject: { id: who.id },
      chapter_title: '第1話 出会い',
    });
    expect((await listOf()).find((i) => i.id === id)?.status).toBe('accepted');
  });

  it('declining makes no member and tells the founder', async () => {
    const { who, id } = await invited();
    expect((await answer(who, id, false)).http).toBe(200);
    expect(await partsOf(who)).toEqual([]);
    expect(await noticesOf(founder, NoticeKind.TEAM_INVITE_DECLINED)).toContainEqual({
      params: expect.objectContaining({ nickname: who.nickname }),
    });
    expect((await listOf()).find((i) => i.id === id)?.status).toBe('declined');
  });

  it('a withdrawn invitation leaves the to-do and can no longer be answered', async () => {
    const { who, id } = await invited();
    const res = await call(t, contract.invitations.withdraw, { projectId, invitationId: id }, founder.token);
    expect(res.http).toBe(200);
    expect((await todoCounts(t, who))[TodoType.TEAM_INVITATION] ?? 0).toBe(0);
    expect(await mine(who)).toEqual([]);
    expect((await answer(who, id, true)).http).toBe(409);
    expect(await partsOf(who)).toEqual([]);
    const again = await call(
      t,
      contract.invitations.withdraw,
      { projectId, invitationId: id },
      founder.token,
    );
    expect(again.http).toBe(409);
    expect((await listOf()).find((i) => i.id === id)?.status).toBe('withdrawn');
  });

  it('an expired invitation shows as expired, cannot be answered, and may be sent again', async () => {
    const { who, id } = await invited();
    await t.app.deps.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, id));
    expect(await mine(who)).toEqual([]);
    expect((await todoCounts(t, who))[TodoType.TEAM_INVITATION] ?? 0).toBe(0);
    expect((await listOf()).find((i) => i.id === id)?.status).toBe('expired');
    const res = await answer(who, id, true);
    expect(res.http).toBe(409);
    expect(res.body.info).toBe('この招待はすでに回答済みか、取り消されたか、期限が切れています');
    expect(await partsOf(who)).toEqual([]);
    expect((await invite(who.id)).http).toBe(200);
    expect(await mine(who)).toHaveLength(1);
  });

  it('answering twice is 409 and changes nothing', async () => {
    const { who, id } = await invited();
    expect((await answer(who, id, true)).http).toBe(200);
    expect((await answer(who, id, false)).http).toBe(409);
    expect(await partsOf(who)).toHaveLength(1);
  });

  it('two accepts at once make one member row', async () => {
    const { who, id } = await invited();
    const answers = await Promise.all([answer(who, id, true), answer(who, id, true)]);
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409]);
    const rows = await t.app.deps.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, who.id)));
    expect(rows).toHaveLength(1);
  });

  it("someone else's invitation is 404 to an outsider and to the founder", async () => {
    const { who, id } = await invited();
    const outsider = await person(t, 'creator');
    expect((await answer(outsider, id, true)).http).toBe(404);
    expect((await answer(founder, id, true)).http).toBe(404);
    expect(await partsOf(outsider)).toEqual([]);
    expect(await mine(who)).toHaveLength(1);
  });
});

describe('refusals change nothing', () => {
  async function refused(res: Promise<{ http: number; body: { info: string } }>, http: number, info: string) {
    const before = await rowCount();
    const answered = await res;
    expect(answered.http).toBe(http);
    expect(answered.body.info).toBe(info);
    expect(await rowCount()).toBe(before);
  }

  it('the founder herself, an unknown or disabled account, a chapter of another project', async () => {
    await refused(invite(founder.id), 400, '自分自身は招待できません');
    await refused(invite(999_999), 404, '見つかりません');
    const disabled = await person(t, 'creator');
    await t.app.deps.db
      .update(users)
      .set({ status: AccountStatus.DISABLED })
      .where(eq(users.id, disabled.id));
    await refused(invite(disabled.id), 400, 'このアカウントは招待できません');
    const other = await createProject(t, founder);
    const elsewhere = await addChapter(t, founder, other);
    const who = await person(t, 'creator');
    await refused(invite(who.id, { posId: 6, chapterId: elsewhere }), 400, '話が見つかりません');
  });

  it('finds people to invite by nickname, creators and editors alike, never the founder or a disabled account', async () => {
    const tag = `招${Date.now() % 100_000}`;
    const exact = await person(t, 'creator', { nickname: tag });
    const assistant = await person(t, 'creator', { nickname: `${tag} 背景` });
    const editor = await person(t, 'editor', { nickname: `編集 ${tag}` });
    const disabled = await person(t, 'creator', { nickname: `${tag} 休止中` });
    await t.app.deps.db
      .update(users)
      .set({ status: AccountStatus.DISABLED, updatedAt: new Date() })
      .where(eq(users.id, disabled.id));
    const found = async (nick: string, who = founder) =>
      callUnchecked(t, contract.invitations.people, { projectId, nick }, who.token);
    const res = await found(tag.toLowerCase());
    expect(res.http).toBe(200);
    // The exact name first, then names starting with it, then the rest.
    expect(res.body.data.list.map((p) => p.id)).toEqual([exact.id, assistant.id, editor.id]);
    const blank = await found('  ');
    expect(blank.http).toBe(400);
    expect(blank.body.info).toBe(MESSAGES.ja.inviteNickRequired);
    // The founder is not offered to herself, however she is searched for.
    expect((await found(founder.nickname)).body.data.list.map((p) => p.id)).not.toContain(founder.id);
  });

  it('a part already held, an invitation already waiting', async () => {
    const { who, id } = await invited();
    await refused(invite(who.id), 409, MESSAGES.ja.alreadyInvited);
    await answer(who, id, true);
    await refused(invite(who.id), 409, 'このメンバーはすでにその担当です');
    // Another part of the same person is another invitation.
    expect((await invite(who.id, { posId: 5, chapterId: null })).http).toBe(200);
  });

  it('a completed project, and more waiting invitations than the limit', async () => {
    const full = await createProject(t, founder);
    const people: Person[] = [];
    for (let i = 0; i <= LIMITS.teamInvitationsPendingMax; i++) people.push(await person(t, 'creator'));
    for (const p of people.slice(0, -1)) expect((await invite(p.id, WHOLE, full)).http).toBe(200);
    const last = people.at(-1) as Person;
    await refused(
      invite(last.id, WHOLE, full),
      409,
      '返事待ちの招待が多すぎます。返事を待つか、取り消してから招待してください',
    );
    await t.app.deps.db.update(projects).set({ status: 2 }).where(eq(projects.id, full));
    await refused(invite(last.id, WHOLE, full), 409, '完成したプロジェクトには招待できません');
  }, 120_000);
});
