import { NoticeKind as Kind, type NoticeKind, type NoticeTarget } from '@koma/shared';
import { contract, type Endpoint } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import { call, callUnchecked } from '../../test/api.js';
import {
  type Account,
  account,
  approvedChapter,
  chapterOf,
  freshProject,
  freshProjectWith,
  friendRequest,
  inviteEditor,
  ownUpload,
  production,
  projectWithApplicant,
  reviewChapter,
  type Side,
  side,
} from '../../test/authorization-world.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createScheduleService } from '../schedule/schedule.service.js';
import { notices } from './notices.table.js';

/**
 * Every kind of notice carries what it is about, so the bell can open it (docs/notices.md): the
 * project, its applicants or board, a chapter's storyboard or work screen, a page's steps, a person.
 */

type Notice = { id: number; target: NoticeTarget | null };

let t: TestApp;
let s: Side;
/** What each notice kind pointed to, per reader, as the bell's list replies. */
const seen = new Map<NoticeKind, { reader: number; target: NoticeTarget | null }[]>();

async function ok(endpoint: Endpoint, body: unknown, who: Account) {
  const res = await callUnchecked(t, endpoint, body, who.token);
  if (res.http !== 200) throw new Error(`${endpoint.path}: ${res.http} ${res.body.info}`);
}

/** Reads every account's notices through the API and files them by the kind stored in the table. */
async function collect(readers: Account[]) {
  const kinds = new Map((await t.app.deps.db.select().from(notices)).map((n) => [n.id, n.kind]));
  seen.clear();
  for (const reader of readers) {
    const res = await call(t, contract.notices.list, { page: 1, pageSize: 100 }, reader.token);
    for (const n of res.body.data.notices as Notice[]) {
      const kind = kinds.get(n.id) as NoticeKind;
      seen.set(kind, [...(seen.get(kind) ?? []), { reader: reader.id, target: n.target }]);
    }
  }
}

const ids = { project_id: null, chapter_id: null, page_id: null, user_id: null };
/** The targets of the notices of `kind` that `reader` got (a reader may get several of one kind). */
const targetsOf = (kind: NoticeKind, reader: Account) =>
  (seen.get(kind) ?? []).filter((n) => n.reader === reader.id).map((n) => n.target);

let refuser: Account;
let otherApplicant: Account;
let completedProjectId: number;
let invitedProjectId: number;
let names: { projectId: number; chapterId: number };
let rejectedNames: { projectId: number; chapterId: number };
let twoSteps: { projectId: number; chapterId: number; pageId: number };
let audited: { projectId: number; chapterId: number };
let deadlines: { projectId: number; chapterId: number; pageId: number; otherPageId: number };
/** The team (docs/access.md): a step handed over, a member removed, a member who left. */
let handed: { projectId: number; chapterId: number; pageId: number };
let removed: { projectId: number; member: Account };
let left: { projectId: number; member: Account };
/** Team invitations (docs/access.md, "Inviting"): the friend accepts one, `refuser` declines one. */
let teamInvited: number;

beforeAll(async () => {
  t = await createTestApp();
  // Pairing, friends, invitation, applications and the board, accepted (docs/states.md).
  s = await side(t, 'A');
  // Refused: a pairing, a friend request, an invitation and an application.
  refuser = await account(t, 'creator');
  await ok(contract.matching.apply, { toUid: s.editor.id, message: '' }, refuser);
  const pairs = (await call(t, contract.dashboard.home, undefined, s.editor.token)).body.data.pairs;
  const pairing = pairs.find((p) => p.userid === refuser.id)?.msgId;
  await ok(contract.matching.deal, { msgId: pairing, state: 2, message: 'ごめんなさい' }, s.editor);
  const friendMsg = await friendRequest(t, refuser, s.friend);
  await ok(contract.friends.deal, { msgId: friendMsg, state: 2, message: '' }, s.friend);
  invitedProjectId = await freshProject(t, s);
  await inviteEditor(t, invitedProjectId, s.founder, s.otherEditor);
  await ok(contract.projects.answer, { projectId: invitedProjectId, checkStatus: 2 }, s.otherEditor);
  await ok(
    contract.recruitment.reject,
    { kind: 1, projectId: s.projectId, posId: 3, userId: s.applicant.id },
    s.founder,
  );
  // A project completed while someone waits: their application is turned down.
  const waiting = await projectWithApplicant(t, s);
  completedProjectId = waiting.projectId;
  otherApplicant = waiting.applicant;
  await ok(contract.projects.complete, { projectId: completedProjectId }, s.founder);
  // A storyboard sent back.
  rejectedNames = chapterOf(await reviewChapter(t, s));
  await ok(
    contract.chapters.checkNames,
    { ...rejectedNames, checkStatus: 2, chapterNote: 'コマ割りを直してください' },
    s.editor,
  );
  // The editor writes in the sent-back chapter's editorial thread: the founder is told.
  await ok(
    contract.editorialThread.add,
    { ...rejectedNames, content: '直し方を相談させてください' },
    s.editor,
  );
  // A page of two steps: the artist's passes (the assistant's turn), the assistant's is sent back.
  const d = await approvedChapter(t, s, 1);
  const pageId = d.pageIds[0] as number;
  twoSteps = { ...chapterOf(d), pageId };
  await ok(
    contract.workflow.savePlan,
    {
      ...chapterOf(d),
      pages: [
        {
          pageId,
          steps: [
            { posId: 2, ownerUserId: s.artist.id },
            { posId: 5, ownerUserId: s.assistant.id },
          ],
        },
      ],
    },
    s.founder,
  );
  const detail = await call(t, contract.workflow.page, { ...chapterOf(d), pageId }, s.founder.token);
  const [first, second] = detail.body.data.steps.map((x) => x.step_id);
  const step = (id: number | undefined) => ({ projectId: d.projectId, workflowStepId: id });
  await ok(contract.workflow.start, step(first), s.artist);
  await ok(
    contract.workflow.commit,
    { ...step(first), filePath: await ownUpload(t, s.artist, 11) },
    s.artist,
  );
  await ok(contract.workflow.pass, step(first), s.founder);
  await ok(contract.workflow.start, step(second), s.assistant);
  await ok(
    contract.workflow.commit,
    { ...step(second), filePath: await ownUpload(t, s.assistant, 11) },
    s.assistant,
  );
  await ok(contract.workflow.reject, { ...step(second), remark: '線を整えてください' }, s.founder);
  // A red-pen mark on the assistant's revision (docs/marks.md), resolved by the assistant.
  await t.settleJobs();
  const viewer = await call(t, contract.workflow.viewer, chapterOf(d), s.founder.token);
  const inks = viewer.body.data.pages[0]?.revisions.filter((r) => r.kind === 'step').at(-1)?.id as number;
  const shape = { type: 'rect', x: 1, y: 1, w: 10, h: 10 } as const;
  const mark = await call(
    t,
    contract.marks.add,
    { projectId: d.projectId, pageId, revisionId: inks, shape, comment: 'ここ修正' },
    s.founder.token,
  );
  await ok(
    contract.marks.resolve,
    { projectId: d.projectId, markId: mark.body.data.id, state: 'open' },
    s.assistant,
  );
  // A chapter through its final audit: submitted, sent back, submitted again, passed.
  const p = await production(t, s, 'audit');
  names = chapterOf(p);
  audited = chapterOf(p);
  await ok(contract.workflow.rejectAudit, { ...audited, remark: '誤字があります' }, s.editor);
  await ok(contract.workflow.submitAudit, audited, s.founder);
  await ok(contract.workflow.passAudit, audited, s.editor);
  // Deadlines (docs/schedule.md): the artist's step is due in two days, the assistant's today,
  // and a check deadline tomorrow leaves the chapter at risk.
  const due = await production(t, s, 'planned');
  deadlines = { ...chapterOf(due), pageId: due.pageId, otherPageId: due.otherPageId };
  const moveDue = (stepId: number, dueOn: string) =>
    ok(contract.schedule.moveDue, { ...chapterOf(due), stepId, dueOn }, s.founder);
  await moveDue(due.stepId, addDays(tokyoDay(), 2));
  await moveDue(due.otherStepId, tokyoDay());
  await createScheduleService(t.app.deps).hourly(new Date(`${tokyoDay()}T10:00:00+09:00`));
  const info = (await call(t, contract.chapters.detail, chapterOf(due), s.founder.token)).body.data;
  await ok(
    contract.chapters.update,
    {
      ...chapterOf(due),
      title: info.title,
      icon: info.icon,
      scriptAt: tokyoDay(),
      checkAt: addDays(tokyoDay(), 1),
    },
    s.founder,
  );
  // The editor in charge moves the same chapter's due day back: the founder is told
  // (docs/access.md, "Editorial seats").
  await ok(
    contract.schedule.moveDue,
    { ...chapterOf(due), stepId: due.stepId, dueOn: addDays(tokyoDay(), 2) },
    s.editor,
  );
  // The team: the assistant's step goes to the founder and back (only the assistant is told), a
  // member is removed from one project, another leaves another.
  const team = await production(t, s, 'planned');
  handed = { ...chapterOf(team), pageId: team.otherPageId };
  const handOver = (toUserId: number) =>
    ok(contract.workflow.handOver, { ...chapterOf(team), stepId: team.otherStepId, toUserId }, s.founder);
  await handOver(s.founder.id);
  await handOver(s.assistant.id);
  removed = { member: await account(t, 'creator'), projectId: 0 };
  removed.projectId = await freshProjectWith(t, s, removed.member);
  // The removed member's part was changed first: storyboards (3) to inks (6).
  await ok(
    contract.projects.changeMember,
    {
      projectId: removed.projectId,
      userId: removed.member.id,
      from: { posId: 3, chapterId: null },
      to: { posId: 6, chapterId: null },
    },
    s.founder,
  );
  await ok(
    contract.projects.removeMember,
    { projectId: removed.projectId, userId: removed.member.id },
    s.founder,
  );
  left = { member: await account(t, 'creator'), projectId: 0 };
  left.projectId = await freshProjectWith(t, s, left.member);
  await ok(contract.projects.leave, { projectId: left.projectId }, left.member);
  teamInvited = await freshProject(t, s);
  const part = { posId: 6, chapterId: null };
  for (const [who, accept] of [
    [s.friend, true],
    [refuser, false],
  ] as const) {
    await ok(contract.invitations.invite, { projectId: teamInvited, userId: who.id, part }, s.founder);
    const mine = await call(t, contract.invitations.mine, undefined, who.token);
    const invitationId = mine.body.data.list[0]?.id;
    await ok(contract.invitations.answer, { invitationId, accept }, who);
  }
  await collect([
    removed.member,
    left.member,
    s.founder,
    s.artist,
    s.assistant,
    s.editor,
    s.otherEditor,
    s.friend,
    s.applicant,
    refuser,
    otherApplicant,
  ]);
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('notice targets', () => {
  it('every kind of notice is made and carries a target', () => {
    expect([...seen.keys()].sort()).toEqual(Object.values(Kind).sort());
    for (const [kind, list] of seen)
      for (const n of list) expect(n.target, `${kind} for ${n.reader}`).not.toBeNull();
  });

  it('a pairing or friend answer, or a pairing request, leads to the person', () => {
    const person = (who: Account) => ({ ...ids, kind: 'person', user_id: who.id });
    expect(targetsOf(Kind.PAIRING_RECEIVED, s.editor)).toContainEqual(person(s.founder));
    expect(targetsOf(Kind.PAIRING_AGREED, s.founder)).toContainEqual(person(s.editor));
    expect(targetsOf(Kind.PAIRING_REFUSED, refuser)).toContainEqual(person(s.editor));
    expect(targetsOf(Kind.FRIEND_AGREED, s.founder)).toContainEqual(person(s.friend));
    expect(targetsOf(Kind.FRIEND_REFUSED, refuser)).toContainEqual(person(s.friend));
  });

  it('invitations and answered applications lead to the project, a new application to its applicants', () => {
    const project = (projectId: number) => ({ ...ids, kind: 'project', project_id: projectId });
    expect(targetsOf(Kind.INVITATION_RECEIVED, s.editor)).toContainEqual(project(s.projectId));
    expect(targetsOf(Kind.INVITATION_ACCEPTED, s.founder)).toContainEqual(project(s.projectId));
    expect(targetsOf(Kind.INVITATION_REFUSED, s.founder)).toContainEqual(project(invitedProjectId));
    expect(targetsOf(Kind.APPLICATION_ACCEPTED, s.artist)).toContainEqual(project(s.projectId));
    expect(targetsOf(Kind.APPLICATION_REJECTED, s.applicant)).toContainEqual(project(s.projectId));
    expect(targetsOf(Kind.APPLICATION_REJECTED, otherApplicant)).toContainEqual(project(completedProjectId));
    expect(targetsOf(Kind.APPLICATION_RECEIVED, s.founder)).toContainEqual({
      ...ids,
      kind: 'applicants',
      project_id: s.projectId,
    });
  });

  it('a board post leads to the project board', () => {
    expect(targetsOf(Kind.BOARD_POST, s.artist)).toContainEqual({
      ...ids,
      kind: 'board',
      project_id: s.projectId,
    });
  });

  it("an editorial thread post leads to the chapter's thread", () => {
    expect(targetsOf(Kind.EDITORIAL_THREAD_POST, s.founder)).toContainEqual({
      ...ids,
      kind: 'editorial_thread',
      project_id: rejectedNames.projectId,
      chapter_id: rejectedNames.chapterId,
    });
    expect(targetsOf(Kind.EDITORIAL_THREAD_POST, s.artist)).toEqual([]);
    expect(targetsOf(Kind.EDITORIAL_THREAD_POST, s.assistant)).toEqual([]);
  });

  it("storyboard notices lead to the chapter's storyboard, audit notices to its work screen", () => {
    const storyboard = (c: { projectId: number; chapterId: number }) => ({
      ...ids,
      kind: 'storyboard',
      project_id: c.projectId,
      chapter_id: c.chapterId,
    });
    expect(targetsOf(Kind.NAME_SUBMITTED, s.editor)).toContainEqual(storyboard(rejectedNames));
    expect(targetsOf(Kind.NAME_REJECTED, s.founder)).toContainEqual(storyboard(rejectedNames));
    expect(targetsOf(Kind.NAME_APPROVED, s.founder)).toContainEqual(storyboard(names));
    const chapter = { ...ids, kind: 'chapter', project_id: audited.projectId, chapter_id: audited.chapterId };
    for (const kind of [Kind.FINAL_SUBMITTED, Kind.FINAL_REJECTED, Kind.FINAL_APPROVED]) {
      const reader = kind === Kind.FINAL_SUBMITTED ? s.editor : s.founder;
      expect(targetsOf(kind, reader), kind).toContainEqual(chapter);
    }
  });

  it("page work and red-pen notices lead to the page's steps", () => {
    const page = {
      kind: 'page',
      project_id: twoSteps.projectId,
      chapter_id: twoSteps.chapterId,
      page_id: twoSteps.pageId,
      user_id: null,
    };
    expect(targetsOf(Kind.WORK_SUBMITTED, s.founder)).toContainEqual(page);
    expect(targetsOf(Kind.WORK_APPROVED, s.artist)).toContainEqual(page);
    expect(targetsOf(Kind.WORK_TURN, s.assistant)).toContainEqual(page);
    expect(targetsOf(Kind.WORK_REJECTED, s.assistant)).toContainEqual(page);
    expect(targetsOf(Kind.MARK_ADDED, s.assistant)).toEqual([page]);
    expect(targetsOf(Kind.MARK_RESOLVED, s.founder)).toEqual([page]);
  });

  it('a hand-over leads to the page, a removal, a leaving and a changed part to the project', () => {
    const page = {
      ...ids,
      kind: 'page',
      project_id: handed.projectId,
      chapter_id: handed.chapterId,
      page_id: handed.pageId,
    };
    expect(targetsOf(Kind.STEP_HANDED_OVER, s.assistant)).toEqual([page]);
    expect(targetsOf(Kind.STEP_HANDED_OVER, s.founder)).toEqual([]);
    expect(targetsOf(Kind.MEMBER_REMOVED, removed.member)).toEqual([
      { ...ids, kind: 'project', project_id: removed.projectId },
    ]);
    expect(targetsOf(Kind.MEMBER_CHANGED, removed.member)).toEqual([
      { ...ids, kind: 'project', project_id: removed.projectId },
    ]);
    expect(targetsOf(Kind.MEMBER_LEFT, s.founder)).toEqual([
      { ...ids, kind: 'project', project_id: left.projectId },
    ]);
  });

  it('a team invitation leads to the invitations page, its answers to the project', () => {
    const invitations = { ...ids, kind: 'invitations' };
    expect(targetsOf(Kind.TEAM_INVITED, s.friend)).toEqual([invitations]);
    expect(targetsOf(Kind.TEAM_INVITED, refuser)).toEqual([invitations]);
    const project = { ...ids, kind: 'project', project_id: teamInvited };
    // The world's 副担当 and 編集長 accepted their seats of the side's project too.
    const seats = { ...ids, kind: 'project', project_id: s.projectId };
    expect(targetsOf(Kind.TEAM_INVITE_ACCEPTED, s.founder)).toEqual([project, seats, seats]);
    expect(targetsOf(Kind.TEAM_INVITE_DECLINED, s.founder)).toEqual([project]);
  });

  it("the editorial side's change leads the founder to the chapter", () => {
    const chapter = {
      ...ids,
      kind: 'chapter',
      project_id: deadlines.projectId,
      chapter_id: deadlines.chapterId,
    };
    expect(targetsOf(Kind.EDITORIAL_CHANGE, s.founder)).toEqual([chapter]);
  });

  it("due-day reminders lead to the page's steps, a chapter at risk to its work screen", () => {
    const { projectId, chapterId } = deadlines;
    const page = (pageId: number) => ({
      kind: 'page',
      project_id: projectId,
      chapter_id: chapterId,
      page_id: pageId,
      user_id: null,
    });
    expect(targetsOf(Kind.STEP_DUE_SOON, s.artist)).toEqual([page(deadlines.pageId)]);
    expect(targetsOf(Kind.STEP_DUE_TODAY, s.assistant)).toEqual([page(deadlines.otherPageId)]);
    const chapter = { ...ids, kind: 'chapter', project_id: projectId, chapter_id: chapterId };
    for (const lead of [s.founder, s.editor])
      expect(targetsOf(Kind.CHAPTER_AT_RISK, lead)).toEqual([chapter]);
  });

  it('a notice stored before targets existed still lists, without a target', async () => {
    const [old] = await t.app.deps.db
      .insert(notices)
      .values({ userId: s.stranger.id, kind: Kind.BOARD_POST, params: { nickname: 'x', project: 'y' } })
      .returning({ id: notices.id });
    const res = await call(t, contract.notices.list, { page: 1, pageSize: 10 }, s.stranger.token);
    expect(res.body.data.notices).toContainEqual(expect.objectContaining({ id: old?.id, target: null }));
  });
});
