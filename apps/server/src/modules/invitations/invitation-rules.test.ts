import { MESSAGES, ProjectEventKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { assignEditor, createProject } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { users } from '../accounts/accounts.table.js';
import { teamInvitations } from './invitations.table.js';
import { projectInviters } from './inviters.table.js';

/**
 * The invitation rules that hold whatever the order of calls (docs/access.md, "Inviting"): an
 * invitation lives no longer than its inviter's right, a member offers only parts within their own
 * scope, and the editor in charge is never given a creator part.
 */
const ja = MESSAGES.ja;
let t: TestApp;
let founder: Person;
let projectId: number;
let ch1: number;
let ch2: number;
let mailCount = 0;

type Part = { posId: number; chapterId: number | null };

beforeAll(async () => {
  t = await createTestApp();
  founder = await person(t, 'creator');
  projectId = await createProject(t, founder, { title: '灯台の町' });
  ch1 = await addChapter(t, founder, projectId, { title: '第1話 霧' });
  ch2 = await addChapter(t, founder, projectId, { title: '第2話 嵐' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const newAddress = () => {
  mailCount += 1;
  return `rules${mailCount}-${process.pid}@example.com`;
};
const invite = (as: Person, userId: number, part: Part, at = projectId) =>
  callUnchecked(t, contract.invitations.invite, { projectId: at, userId, part }, as.token);
const inviteByMail = (as: Person, email: string, part: Part) =>
  callUnchecked(t, contract.invitations.inviteByMail, { projectId, email, part }, as.token);
const mine = async (who: Person) =>
  (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
const answer = (who: Person, invitationId: number, accept = true) =>
  callUnchecked(t, contract.invitations.answer, { invitationId, accept }, who.token);
const answerLink = (who: Person, token: string) =>
  callUnchecked(t, contract.invitations.answerLink, { token, accept: true }, who.token);
const allow = (userId: number, yes: boolean) =>
  call(t, contract.invitations.allowInviter, { projectId, userId, allow: yes }, founder.token);
const partsOf = async (who: Person, at = projectId) => {
  const detail = await call(t, contract.projects.detail, { proId: at }, founder.token);
  return detail.body.data.users.find((u) => u.userId === who.id)?.parts ?? [];
};
const statusOf = async (id: number) =>
  (await call(t, contract.invitations.ofProject, { projectId }, founder.token)).body.data.list.find(
    (i) => i.id === id,
  )?.status;
const newestId = async () =>
  (await call(t, contract.invitations.ofProject, { projectId }, founder.token)).body.data.list[0]?.id ?? 0;
const emailOf = async (who: Person) =>
  (await t.app.deps.db.select({ email: users.email }).from(users).where(eq(users.id, who.id)))[0]?.email ??
  '';
const rowCount = async () => (await t.app.deps.db.select().from(teamInvitations)).length;

/** A new person the founder invited to `part`, who accepted: a member holding it. */
async function memberWith(part: Part, at = projectId): Promise<Person> {
  const who = await person(t, 'creator');
  expect((await invite(founder, who.id, part, at)).http).toBe(200);
  const offer = (await mine(who)).find((i) => i.project.id === at);
  expect((await answer(who, offer?.id ?? 0)).http).toBe(200);
  return who;
}

/** A member holding `part` whom the founder allowed to invite. */
async function inviterWith(part: Part): Promise<Person> {
  const who = await memberWith(part);
  await allow(who.id, true);
  return who;
}

/** `as` invites a new person to `part`: that person and the invitation's id. */
async function offered(as: Person, part: Part) {
  const who = await person(t, 'creator');
  const res = await invite(as, who.id, part);
  expect(res.http, res.body.info).toBe(200);
  return { who, id: (await mine(who))[0]?.id ?? 0 };
}

/** `as` mails an invitation to `email`: the link's secret, read from the mail. */
async function mailed(as: Person, email: string, part: Part) {
  const res = await inviteByMail(as, email, part);
  expect(res.http, res.body.info).toBe(200);
  return new URL((await t.mailsTo(email)).at(-1)?.link ?? '').searchParams.get('token') ?? '';
}

describe('an invitation lives no longer than the right that made it', () => {
  it('taking back the right withdraws what they sent; neither the account nor the link can accept it', async () => {
    const tone = await inviterWith({ posId: 9, chapterId: ch1 });
    const { who, id } = await offered(tone, { posId: 6, chapterId: ch1 });
    const token = await mailed(tone, newAddress(), { posId: 7, chapterId: ch1 });
    const mailedId = await newestId();
    await allow(tone.id, false);

    expect(await mine(who)).toEqual([]);
    expect((await answer(who, id)).body.info).toBe(ja.invitationClosed);
    const holder = await person(t, 'creator');
    expect((await answerLink(holder, token)).http).toBe(409);
    expect(await partsOf(who)).toEqual([]);
    expect(await partsOf(holder)).toEqual([]);
    expect([await statusOf(id), await statusOf(mailedId)]).toEqual(['withdrawn', 'withdrawn']);
    const events = (await call(t, contract.projects.events, { projectId }, founder.token)).body.data.list;
    expect(events.slice(0, 2).map((e) => [e.kind, e.actor.id])).toEqual([
      [ProjectEventKind.INVITATION_WITHDRAWN, founder.id],
      [ProjectEventKind.INVITATION_WITHDRAWN, founder.id],
    ]);
  });

  for (const how of ['removed', 'leaving'] as const) {
    it(`a member ${how}: what they sent and what was sent to them are withdrawn; no older invitation brings them back`, async () => {
      const member = await inviterWith({ posId: 9, chapterId: ch1 });
      const sent = await offered(member, { posId: 6, chapterId: ch1 });
      // Offered to them before they go: another part by account, and one mailed to their address.
      expect((await invite(founder, member.id, { posId: 5, chapterId: null })).http).toBe(200);
      const older = (await mine(member))[0]?.id ?? 0;
      const token = await mailed(founder, await emailOf(member), { posId: 7, chapterId: ch2 });

      const gone =
        how === 'removed'
          ? await call(t, contract.projects.removeMember, { projectId, userId: member.id }, founder.token)
          : await call(t, contract.projects.leave, { projectId }, member.token);
      expect(gone.http).toBe(200);

      expect((await answer(sent.who, sent.id)).http).toBe(409);
      expect(await partsOf(sent.who)).toEqual([]);
      expect(await mine(member)).toEqual([]);
      expect((await answer(member, older)).body.info).toBe(ja.invitationClosed);
      expect((await answerLink(member, token)).http).toBe(409);
      const detail = await callUnchecked(t, contract.projects.detail, { proId: projectId }, member.token);
      expect(detail.body.data.isMember).toBe(false);
    });
  }

  it('an acceptance checks the inviter still may: a scope narrowed since, a right gone meanwhile', async () => {
    const planner = await inviterWith({ posId: 5, chapterId: null });
    const whole = await offered(planner, { posId: 6, chapterId: null });
    const first = await offered(planner, { posId: 6, chapterId: ch1 });
    // The founder narrows the planner's part to chapter 2: neither offer is theirs to make now.
    const changed = await call(
      t,
      contract.projects.changeMember,
      {
        projectId,
        userId: planner.id,
        from: { posId: 5, chapterId: null },
        to: { posId: 5, chapterId: ch2 },
      },
      founder.token,
    );
    expect(changed.http).toBe(200);
    for (const offer of [whole, first]) {
      const res = await answer(offer.who, offer.id);
      expect([res.http, res.body.info]).toEqual([409, ja.invitationInviterLost]);
      expect(await partsOf(offer.who)).toEqual([]);
    }
    // A right taken back between the invitation and its acceptance, as a race would leave it.
    const late = await offered(planner, { posId: 6, chapterId: ch2 });
    await t.app.deps.db
      .delete(projectInviters)
      .where(and(eq(projectInviters.projectId, projectId), eq(projectInviters.userId, planner.id)));
    expect((await answer(late.who, late.id)).body.info).toBe(ja.invitationInviterLost);
    expect(await partsOf(late.who)).toEqual([]);
    // Declining stays possible.
    expect((await answer(late.who, late.id, false)).http).toBe(200);
  });
});

describe('an inviter offers only parts within their own scope', () => {
  it('a member of one chapter: parts of that chapter, not of the whole project or another chapter', async () => {
    const tone = await inviterWith({ posId: 9, chapterId: ch1 });
    const who = await person(t, 'creator');
    const before = await rowCount();
    for (const part of [
      { posId: 2, chapterId: null },
      { posId: 9, chapterId: null },
      { posId: 2, chapterId: ch2 },
    ]) {
      const res = await invite(tone, who.id, part);
      expect([res.http, res.body.info]).toEqual([403, ja.inviteOutsideScope]);
    }
    const email = newAddress();
    const byMail = await inviteByMail(tone, email, { posId: 2, chapterId: null });
    expect([byMail.http, byMail.body.info]).toEqual([403, ja.inviteOutsideScope]);
    expect(await t.mailsTo(email)).toEqual([]);
    expect(await rowCount()).toBe(before);
    expect((await invite(tone, who.id, { posId: 2, chapterId: ch1 })).http).toBe(200);
  });

  it('a member holding a part for the whole project, like the founder, may offer any part', async () => {
    const planner = await inviterWith({ posId: 4, chapterId: null });
    const who = await person(t, 'creator');
    expect((await invite(planner, who.id, { posId: 2, chapterId: null })).http).toBe(200);
    expect((await invite(planner, who.id, { posId: 6, chapterId: ch2 })).http).toBe(200);
  });
});

describe('the editor in charge holds no creator part', () => {
  it('is not invited to one, and cannot take one by a mailed link', async () => {
    const editor = await person(t, 'editor');
    await assignEditor(t, founder, editor, projectId);
    const before = await rowCount();
    const res = await invite(founder, editor.id, { posId: 2, chapterId: null });
    expect([res.http, res.body.info]).toEqual([409, ja.inviteEditorInCharge]);
    expect(await rowCount()).toBe(before);
    const token = await mailed(founder, newAddress(), { posId: 2, chapterId: null });
    const taken = await answerLink(editor, token);
    expect([taken.http, taken.body.info]).toEqual([409, ja.inviteEditorInCharge]);
    expect(await partsOf(editor)).toEqual([]);
  });

  it('taking charge withdraws the invitations waiting for the editor; holding a part, one cannot take charge', async () => {
    const other = await createProject(t, founder, { title: '夜汽車' });
    const editor = await person(t, 'editor');
    expect((await invite(founder, editor.id, { posId: 13, chapterId: null }, other)).http).toBe(200);
    const waiting = (await mine(editor))[0]?.id ?? 0;
    await assignEditor(t, founder, editor, other);
    expect(await mine(editor)).toEqual([]);
    expect((await answer(editor, waiting)).http).toBe(409);

    // An editor who accepted a part: not invited to take charge, nor able to accept an older offer.
    const third = await createProject(t, founder, { title: '雪の駅' });
    const manager = await person(t, 'editor');
    await call(t, contract.matching.apply, { toUid: manager.id, message: '' }, founder.token);
    const pairs = (await call(t, contract.dashboard.home, undefined, manager.token)).body.data.pairs;
    const msgId = pairs.find((p) => p.userid === founder.id)?.msgId ?? 0;
    await call(t, contract.matching.deal, { msgId, state: 1, message: '' }, manager.token);
    const asEditor = { projectid: third, userid: manager.id };
    expect((await call(t, contract.projects.invite, asEditor, founder.token)).http).toBe(200);
    expect((await invite(founder, manager.id, { posId: 13, chapterId: null }, third)).http).toBe(200);
    const offer = (await mine(manager)).find((i) => i.project.id === third);
    expect((await answer(manager, offer?.id ?? 0)).http).toBe(200);
    const again = await callUnchecked(t, contract.projects.invite, asEditor, founder.token);
    expect([again.http, again.body.info]).toEqual([409, ja.editorHoldsPart]);
    const accepted = await callUnchecked(
      t,
      contract.projects.answer,
      { projectId: third, checkStatus: 1 },
      manager.token,
    );
    expect([accepted.http, accepted.body.info]).toEqual([409, ja.editorHoldsPart]);
    const detail = await call(t, contract.projects.detail, { proId: third }, founder.token);
    expect(detail.body.data.editor).toBeNull();
  });
});
