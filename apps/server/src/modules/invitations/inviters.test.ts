import { NoticeKind, ProjectEventKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailToken } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject, join, recruit } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { notices } from '../notices/notices.table.js';

/** The founder allows members to invite (docs/access.md, "Inviting"). */
let t: TestApp;
let founder: Person;
let projectId: number;
/** A member the founder allows to invite; `plain` is one she does not. */
let helper: Person;
let plain: Person;

const CROWD = { posId: 7, chapterId: null };

beforeAll(async () => {
  t = await createTestApp();
  founder = await person(t, 'creator');
  projectId = await createProject(t, founder, { title: '港町の灯' });
  [helper, plain] = [await person(t, 'creator'), await person(t, 'creator')];
  await recruit(t, founder, projectId, [5], 20);
  await join(t, founder, helper, projectId, 5);
  await join(t, founder, plain, projectId, 5);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const allow = (userId: number, yes: boolean, as = founder, at = projectId) =>
  callUnchecked(t, contract.invitations.allowInviter, { projectId: at, userId, allow: yes }, as.token);
const invite = (as: Person, userId: number, at = projectId) =>
  callUnchecked(t, contract.invitations.invite, { projectId: at, userId, part: CROWD }, as.token);
const listAs = (as: Person) => callUnchecked(t, contract.invitations.ofProject, { projectId }, as.token);
const withdraw = (as: Person, invitationId: number) =>
  callUnchecked(t, contract.invitations.withdraw, { projectId, invitationId }, as.token);
const detailAs = async (as: Person) =>
  (await call(t, contract.projects.detail, { proId: projectId }, as.token)).body.data;
const events = async () =>
  (await call(t, contract.projects.events, { projectId }, plain.token)).body.data.list;
/** The newest invitation of the project, as the founder lists it. */
const newest = async () =>
  (await call(t, contract.invitations.ofProject, { projectId }, founder.token)).body.data.list[0];

describe('allowing a member to invite', () => {
  it("is the founder's switch: the detail tells the viewer and the founder who holds it", async () => {
    expect((await allow(helper.id, true, plain)).http).toBe(403);
    expect((await allow(helper.id, true)).http).toBe(200);
    expect((await allow(helper.id, true)).http).toBe(200);
    expect(await detailAs(helper)).toMatchObject({ mayInvite: true, inviters: [helper.id] });
    expect(await detailAs(plain)).toMatchObject({ mayInvite: false, inviters: [helper.id] });
    expect(await detailAs(founder)).toMatchObject({ mayInvite: true, inviters: [helper.id] });
    const [granted] = await events();
    expect(granted).toMatchObject({
      kind: ProjectEventKind.INVITER_GRANTED,
      actor: { id: founder.id },
      subject: { id: helper.id },
    });
    // A second switch on changes nothing and is not recorded twice.
    expect((await events()).filter((e) => e.kind === ProjectEventKind.INVITER_GRANTED)).toHaveLength(1);
  });

  it('is refused for the founder herself (400), a non-member (404) and by an outsider (404)', async () => {
    const outsider = await person(t, 'creator');
    expect((await allow(founder.id, true)).body.info).toBe('原作者はいつでも招待できます');
    expect((await allow(outsider.id, true)).http).toBe(404);
    expect((await allow(helper.id, true, outsider)).http).toBe(404);
  });
});

describe('a member allowed to invite', () => {
  it('invites; the invitee is told who invited them, and the activity says so', async () => {
    const who = await person(t, 'creator');
    expect((await invite(helper, who.id)).http).toBe(200);
    const [offer] = (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
    expect(offer?.inviter).toEqual({ id: helper.id, nickname: helper.nickname });
    const [invitedNotice] = await t.app.deps.db
      .select({ params: notices.params })
      .from(notices)
      .where(and(eq(notices.userId, who.id), eq(notices.kind, NoticeKind.TEAM_INVITED)));
    expect(invitedNotice?.params).toMatchObject({ nickname: helper.nickname });
    const [sent] = await events();
    expect(sent).toMatchObject({
      kind: ProjectEventKind.INVITATION_SENT,
      actor: { id: helper.id },
      subject: { id: who.id },
      position: 'モブアシスタント',
    });
    // Declining tells the one who invited, not the founder, and is in the activity.
    const answered = await call(
      t,
      contract.invitations.answer,
      { invitationId: offer?.id ?? 0, accept: false },
      who.token,
    );
    expect(answered.http).toBe(200);
    const told = await t.app.deps.db
      .select({ userId: notices.userId })
      .from(notices)
      .where(and(eq(notices.kind, NoticeKind.TEAM_INVITE_DECLINED)));
    expect(told.map((n) => n.userId)).toEqual([helper.id]);
    expect((await events())[0]).toMatchObject({
      kind: ProjectEventKind.INVITATION_DECLINED,
      actor: { id: who.id },
    });
  });

  it('by mail: the activity says メールで招待 without the address; only the sender and the founder see it', async () => {
    const email = `harbor-${Date.now()}@example.com`;
    const res = await callUnchecked(
      t,
      contract.invitations.inviteByMail,
      { projectId, email, part: CROWD },
      helper.token,
    );
    expect(res.http).toBe(200);
    expect(lastMailToken(t, email)).toBeTruthy();
    const [sent] = await events();
    expect(sent).toMatchObject({
      kind: ProjectEventKind.INVITATION_SENT,
      actor: { id: helper.id },
      subject: null,
    });
    expect(JSON.stringify(await events())).not.toContain(email);
    const byHelper = (await listAs(helper)).body.data.list[0];
    expect(byHelper).toMatchObject({ email, inviter: { id: helper.id }, withdrawable: true });
    expect((await newest())?.email).toBe(email);
    // Another inviter sees the invitation, not its address, and may not withdraw it.
    const other = await person(t, 'creator');
    await join(t, founder, other, projectId, 5);
    await allow(other.id, true);
    expect((await listAs(other)).body.data.list[0]).toMatchObject({ email: null, withdrawable: false });
    expect((await withdraw(other, byHelper?.id ?? 0)).http).toBe(403);
  });

  it("sees the project's invitations, withdraws their own but not the founder's", async () => {
    const [a, b] = [await person(t, 'creator'), await person(t, 'creator')];
    expect((await invite(founder, a.id)).http).toBe(200);
    const founders = await newest();
    expect((await invite(helper, b.id)).http).toBe(200);
    const own = await newest();
    const list = (await listAs(helper)).body.data.list;
    expect(list.slice(0, 2).map((i) => [i.invitee?.id, i.inviter.id, i.withdrawable])).toEqual([
      [b.id, helper.id, true],
      [a.id, founder.id, false],
    ]);
    expect((await withdraw(helper, founders?.id ?? 0)).http).toBe(403);
    expect((await withdraw(helper, own?.id ?? 0)).http).toBe(200);
    expect((await events())[0]).toMatchObject({
      kind: ProjectEventKind.INVITATION_WITHDRAWN,
      actor: { id: helper.id },
      subject: { id: b.id },
    });
    // The founder withdraws anyone's.
    expect((await invite(helper, (await person(t, 'creator')).id)).http).toBe(200);
    expect((await withdraw(founder, (await newest())?.id ?? 0)).http).toBe(200);
  });

  it('cannot invite the founder', async () => {
    expect((await invite(helper, founder.id)).body.info).toBe('原作者は招待できません');
  });
});

describe('a member not allowed, and an outsider', () => {
  it('a member without the right gets 403 on every inviting call; an outsider 404', async () => {
    const who = await person(t, 'creator');
    const outsider = await person(t, 'creator');
    expect((await invite(plain, who.id)).http).toBe(403);
    expect((await listAs(plain)).http).toBe(403);
    expect((await invite(outsider, who.id)).http).toBe(404);
    expect((await listAs(outsider)).http).toBe(404);
    const people = await callUnchecked(t, contract.invitations.people, { projectId, nick: 'a' }, plain.token);
    expect(people.http).toBe(403);
  });
});

describe('the right ends', () => {
  it('when the founder takes it back, recorded in the activity', async () => {
    const member = await person(t, 'creator');
    await join(t, founder, member, projectId, 5);
    await allow(member.id, true);
    expect((await allow(member.id, false)).http).toBe(200);
    expect((await events())[0]).toMatchObject({
      kind: ProjectEventKind.INVITER_REVOKED,
      subject: { id: member.id },
    });
    expect((await invite(member, (await person(t, 'creator')).id)).http).toBe(403);
    expect((await detailAs(member)).mayInvite).toBe(false);
  });

  it('on removal and on leaving, and does not come back on joining again', async () => {
    const [removed, leaving] = [await person(t, 'creator'), await person(t, 'creator')];
    for (const m of [removed, leaving]) {
      await join(t, founder, m, projectId, 5);
      await allow(m.id, true);
    }
    await call(t, contract.projects.removeMember, { projectId, userId: removed.id }, founder.token);
    await call(t, contract.projects.leave, { projectId }, leaving.token);
    expect((await detailAs(founder)).inviters).not.toContain(removed.id);
    expect((await detailAs(founder)).inviters).not.toContain(leaving.id);
    // Back by an invitation of the founder's: a member again, without the right.
    expect((await invite(founder, removed.id)).http).toBe(200);
    const [offer] = (await call(t, contract.invitations.mine, undefined, removed.token)).body.data.list;
    await call(t, contract.invitations.answer, { invitationId: offer?.id ?? 0, accept: true }, removed.token);
    expect((await detailAs(removed)).isMember).toBe(true);
    expect((await invite(removed, (await person(t, 'creator')).id)).http).toBe(403);
    expect((await detailAs(removed)).mayInvite).toBe(false);
  });
});

describe('where one may invite from a profile', () => {
  const invitable = async (as: Person) =>
    (await call(t, contract.invitations.projects, undefined, as.token)).body.data.list.map((p) => p.title);

  it('lists the ongoing projects one founded or was allowed to invite to, and no others', async () => {
    const member = await person(t, 'creator');
    await join(t, founder, member, projectId, 5);
    expect(await invitable(member)).toEqual([]);
    await allow(member.id, true);
    expect(await invitable(member)).toEqual(['港町の灯']);
    // A project of her own comes first (newest), and a completed one is not offered.
    await createProject(t, member, { title: '夜明けの駅' });
    const done = await createProject(t, member, { title: '完結した話' });
    expect((await call(t, contract.projects.complete, { projectId: done }, member.token)).http).toBe(200);
    expect(await invitable(member)).toEqual(['夜明けの駅', '港町の灯']);
    await allow(member.id, false);
    expect(await invitable(member)).toEqual(['夜明けの駅']);
  });
});
