import { setTimeout as sleep } from 'node:timers/promises';
import { type EditorialSeat, MemberKind } from '@koma/shared';
import { type ApiInput, contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { projectMembers } from '../modules/projects/projects.table.js';
import { creatorBody, editorBody, lastMailToken, signUpAndLogin } from './accounts-fixtures.js';
import { call } from './api.js';
import { addChapter, draftPages, uploadDraftPage } from './chapter-fixtures.js';
import type { Person } from './people-fixtures.js';
import { present } from './present.js';
import { cover, createProject, dayFromToday, recruit } from './project-fixtures.js';
import type { TestApp } from './test-app.js';
import { form, image, multipartBody, upload } from './upload-test-helpers.js';

/**
 * The world of the authorization matrix (authorization-matrix.test.ts): every kind of caller,
 * two projects (A, the one the actors are placed around, and B, whose ids are swapped in) and
 * builders for the objects each route acts on. People log in once; their tokens are reused.
 */

/**
 * The callers. A provisional account (registered, link not followed) cannot log in, so it never
 * holds a token: its only case is the login refusal (the login rows), and every other call it
 * could make is an anonymous one.
 */
export const ACTORS = [
  'anonymous',
  'stranger',
  'friend',
  'member',
  'assistant',
  'inviter',
  'editor',
  'deputy',
  'chief',
  'otherEditor',
  'founder',
] as const;
export type Actor = (typeof ACTORS)[number];
export type LoggedIn = Exclude<Actor, 'anonymous'>;

export interface Account extends Person {
  kind: 'creator' | 'editor';
  email: string;
  password: string;
  /** The editorial seat it takes in the projects made for it (freshProjectWith): 副担当 (4) or 編集長 (5). */
  seat?: EditorialSeat;
}

/**
 * One project and its people: founder, `artist` (a member holding position 2, main artist: an
 * approver of page work, assigned to the first page's step, which only the founder may then
 * decide on), `assistant` (position 5, assigned only to the second page's step), `inviter`
 * (position 5 too, allowed by the founder to invite: docs/access.md, "Inviting"),
 * the editor in charge, `deputy` (副担当) and `chief` (編集長), editor accounts in the project's editorial
 * seats (docs/access.md, "Editorial seats"), `otherEditor` (paired with the founder, not in the project), `friend`
 * (the founder's friend, not in the project), `stranger`, and a pending `applicant` (position 3).
 */
export interface Side {
  name: 'A' | 'B';
  projectId: number;
  founder: Account;
  artist: Account;
  assistant: Account;
  inviter: Account;
  editor: Account;
  deputy: Account;
  chief: Account;
  otherEditor: Account;
  friend: Account;
  stranger: Account;
  applicant: Account;
  dirId: number;
  fileId: number;
  /** A project of the founder's, completed (docs/recruitment.md): no members but the founder. */
  completedProjectId: number;
}

export interface World {
  t: TestApp;
  a: Side;
  b: Side;
  /** The actors, all placed relative to project A. */
  actors: Record<LoggedIn, Account>;
  provisional: { email: string; password: string };
}

export function accountOf(w: World, actor: Actor): Account | null {
  return actor === 'anonymous' ? null : w.actors[actor];
}

async function ok<T extends { http: number; body: { info: string } }>(
  what: string,
  res: Promise<T>,
): Promise<T> {
  const r = await res;
  if (r.http !== 200) throw new Error(`${what}: ${r.http} ${r.body.info}`);
  return r;
}

export async function account(t: TestApp, kind: 'creator' | 'editor'): Promise<Account> {
  const body = kind === 'creator' ? creatorBody() : editorBody();
  const { token } = await signUpAndLogin(t, body);
  const me = await call(t, contract.profiles.me, undefined, token);
  return {
    id: me.body.data.id,
    token,
    nickname: body.nickname,
    kind,
    email: body.email,
    password: body.password,
  };
}

/** A pending request of `from` to `to`: its message id as `to` sees it. */
async function pairingRequest(t: TestApp, from: Account, to: Account): Promise<number> {
  await ok('pairing', call(t, contract.matching.apply, { toUid: to.id, message: '' }, from.token));
  const pairs = (await call(t, contract.dashboard.home, undefined, to.token)).body.data.pairs;
  const msgId = pairs.find((p) => p.userid === from.id)?.msgId;
  if (!msgId) throw new Error('no pairing request');
  return msgId;
}

export async function friendRequest(t: TestApp, from: Account, to: Account): Promise<number> {
  await ok('friend request', call(t, contract.friends.apply, { toUid: to.id, message: '' }, from.token));
  const wanted = (await call(t, contract.friends.requests, undefined, to.token)).body.data.list;
  const msgId = wanted.find((r) => r.userId === from.id)?.msgId;
  if (!msgId) throw new Error('no friend request');
  return msgId;
}

export async function befriend(t: TestApp, a: Account, b: Account): Promise<void> {
  const msgId = await friendRequest(t, a, b);
  await ok('friend agree', call(t, contract.friends.deal, { msgId, state: 1, message: '' }, b.token));
}

export async function pair(t: TestApp, creator: Account, editor: Account): Promise<void> {
  const msgId = await pairingRequest(t, creator, editor);
  await ok('pair agree', call(t, contract.matching.deal, { msgId, state: 1, message: '' }, editor.token));
}

/** A pending pairing request of a new creator to `editor`: its message id. */
export async function pendingPairing(t: TestApp, editor: Account): Promise<number> {
  return pairingRequest(t, await account(t, 'creator'), editor);
}

/** `applicant` applies for `posId` and the founder accepts. */
export async function join(
  t: TestApp,
  s: { projectId: number; founder: Account },
  who: Account,
  posId: number,
) {
  await ok(
    'apply',
    call(t, contract.recruitment.apply, { kind: 1, projectId: s.projectId, posId }, who.token),
  );
  await ok(
    'accept',
    call(
      t,
      contract.recruitment.accept,
      { kind: 1, projectId: s.projectId, posId, userId: who.id },
      s.founder.token,
    ),
  );
}

export async function inviteEditor(t: TestApp, projectId: number, founder: Account, editor: Account) {
  await ok(
    'invite',
    call(t, contract.projects.invite, { projectid: projectId, userid: editor.id }, founder.token),
  );
}

/** `who` (an editor account) takes an editorial seat of the project, offered by its founder. */
export async function takeSeat(
  t: TestApp,
  s: { projectId: number; founder: Account },
  who: Account,
  seat: EditorialSeat,
): Promise<void> {
  const { projectId, founder } = s;
  await ok('seat invite', call(t, contract.seats.invite, { projectId, userId: who.id, seat }, founder.token));
  const mine = (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
  const invitationId = present(mine.find((i) => i.project.id === projectId)?.id, 'seat invitation');
  await ok('seat answer', call(t, contract.invitations.answer, { invitationId, accept: true }, who.token));
}

/** A seat invitation of the side's founder to a new editor account, waiting: its id. */
export async function seatInvitation(t: TestApp, s: Side): Promise<number> {
  const who = await account(t, 'editor');
  const { projectId } = s;
  await ok(
    'seat invite',
    call(t, contract.seats.invite, { projectId, userId: who.id, seat: MemberKind.CHIEF }, s.founder.token),
  );
  const mine = (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
  return present(mine.find((i) => i.project.id === projectId)?.id, 'seat invitation');
}

export async function side(t: TestApp, name: 'A' | 'B'): Promise<Side> {
  const [founder, artist, assistant, inviter, editor, otherEditor, friend, stranger, applicant] = [
    await account(t, 'creator'),
    await account(t, 'creator'),
    await account(t, 'creator'),
    await account(t, 'creator'),
    await account(t, 'editor'),
    await account(t, 'editor'),
    await account(t, 'creator'),
    await account(t, 'creator'),
    await account(t, 'creator'),
  ];
  // A serial: a one-shot completes when a chapter passes its final audit (a row does that), and a
  // completed project takes no more chapters, which the rows after it add.
  const projectId = await createProject(t, founder, { title: `企画${name}`, kind: 2 });
  // Room for more main artists: the removed-member case has one more join.
  await recruit(t, founder, projectId, [2, 3, 5], 5);
  const s0 = { projectId, founder };
  await join(t, s0, artist, 2);
  await join(t, s0, assistant, 5);
  await join(t, s0, inviter, 5);
  await ok(
    'allowInviter',
    call(t, contract.invitations.allowInviter, { projectId, userId: inviter.id, allow: true }, founder.token),
  );
  await ok('apply', call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 3 }, applicant.token));
  await pair(t, founder, editor);
  await inviteEditor(t, projectId, founder, editor);
  await ok('dealInvit', call(t, contract.projects.answer, { projectId, checkStatus: 1 }, editor.token));
  const deputy = { ...(await account(t, 'editor')), seat: MemberKind.DEPUTY };
  const chief = { ...(await account(t, 'editor')), seat: MemberKind.CHIEF };
  await takeSeat(t, s0, deputy, MemberKind.DEPUTY);
  await takeSeat(t, s0, chief, MemberKind.CHIEF);
  await pair(t, founder, otherEditor);
  await befriend(t, founder, friend);
  const { dirId, fileId } = await folderWithFile(t, { projectId, founder }, `資料${name}`);
  await ok('board', call(t, contract.board.add, { projectId, content: `${name}の掲示板` }, founder.token));
  const completedProjectId = await createProject(t, founder, { title: `完成${name}` });
  await ok('complete', call(t, contract.projects.complete, { projectId: completedProjectId }, founder.token));
  return {
    name,
    projectId,
    completedProjectId,
    founder,
    artist,
    assistant,
    inviter,
    editor,
    deputy,
    chief,
    otherEditor,
    friend,
    stranger,
    applicant,
    dirId,
    fileId,
  };
}

/** A folder holding one file (with a note), made by `who`. */
export async function folderWithFile(t: TestApp, s: { projectId: number; founder: Account }, name: string) {
  const { projectId, founder } = s;
  await ok('makeDir', call(t, contract.folders.saveDir, { projectId, dirName: name }, founder.token));
  const dirs = (await call(t, contract.folders.dirs, { projectId }, founder.token)).body.data.list;
  const dirId = present(dirs.find((d) => d.dirname === name)?.id, 'folder');
  const fileId = await fileIn(t, projectId, dirId, founder);
  await ok(
    'file note',
    call(t, contract.folders.addNote, { projectId, dirId, fileId, content: 'メモ' }, founder.token),
  );
  return { dirId, fileId };
}

/** `who` uploads a file and registers it in the folder: its id. */
export async function fileIn(t: TestApp, projectId: number, dirId: number, who: Account): Promise<number> {
  const path = await ownUpload(t, who, 4);
  await ok(
    'file add',
    call(
      t,
      contract.folders.addFile,
      { projectId, dirId, path, filename: 'plot.png', ext: 'png', size: 100 },
      who.token,
    ),
  );
  const files = (await call(t, contract.folders.files, { projectId, dirId }, who.token)).body.data.list;
  return Math.max(...files.map((f) => f.id));
}

/** A path of `who`'s own upload of `type` (3 cover, 4 folder file, 11 page work, 15 sample). */
export async function ownUpload(t: TestApp, who: Account, type: number): Promise<string> {
  const res = await upload(t, form(type, 'work.png', await image('png')), who.token);
  if (res.http !== 200) throw new Error(`upload ${type}: ${res.body.info}`);
  return res.body.data.path;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const a = await side(t, 'A');
  const b = await side(t, 'B');
  const provisional = creatorBody();
  await ok('provisional', call(t, contract.accounts.register, provisional));
  return {
    t,
    a,
    b,
    actors: {
      stranger: a.stranger,
      friend: a.friend,
      member: a.artist,
      assistant: a.assistant,
      inviter: a.inviter,
      editor: a.editor,
      deputy: a.deputy,
      chief: a.chief,
      otherEditor: a.otherEditor,
      founder: a.founder,
    },
    provisional: { email: provisional.email, password: provisional.password },
  };
}

// --- chapters in every state --------------------------------------------------------------

export interface Draft {
  projectId: number;
  chapterId: number;
  /** The first page: uploaded, with a note. */
  pageId: number;
}

/** A one-page chapter in status 1 whose page is uploaded and has a note. */
export async function draftChapter(t: TestApp, s: Side, pages = 1): Promise<Draft> {
  const { projectId, founder } = s;
  const chapterId = await addChapter(t, founder, projectId, { page: String(pages) });
  const list = await draftPages(t, founder, projectId, chapterId);
  for (const page of list) await uploadDraftPage(t, founder, projectId, page.id);
  const pageId = present(list[0]?.id, 'first page');
  await ok(
    'page note',
    call(t, contract.pages.addNote, { projectId, pageId, content: 'メモ' }, founder.token),
  );
  return { projectId, chapterId, pageId };
}

/** Submitted to the editor: status 4. */
export async function reviewChapter(t: TestApp, s: Side, pages = 1): Promise<Draft> {
  const d = await draftChapter(t, s, pages);
  await ok('commitPages', call(t, contract.chapters.submitNames, chapterOf(d), s.founder.token));
  return d;
}

/** Approved by the editor: status 2, ready for the page work flow. */
export async function approvedChapter(
  t: TestApp,
  s: Side,
  pages = 1,
): Promise<Draft & { pageIds: number[] }> {
  const d = await reviewChapter(t, s, pages);
  const list = await draftPages(t, s.editor, d.projectId, d.chapterId);
  for (const page of list)
    await ok(
      'editorCheck',
      call(
        t,
        contract.pages.check,
        { projectId: d.projectId, pageId: page.id, checkStatus: 1 },
        s.editor.token,
      ),
    );
  await ok(
    'editorCheckChapter',
    call(
      t,
      contract.chapters.checkNames,
      { ...chapterOf(d), checkStatus: 1, chapterNote: '' },
      s.editor.token,
    ),
  );
  return { ...d, pageIds: list.map((p) => p.id) };
}

export const chapterOf = (d: { projectId: number; chapterId: number }) => ({
  projectId: d.projectId,
  chapterId: d.chapterId,
});

export type Stage = 'planned' | 'started' | 'handedIn' | 'done' | 'audit';
const STAGES: Stage[] = ['planned', 'started', 'handedIn', 'done', 'audit'];

export interface Production extends Draft {
  /** Page 1's only step: main artist (position 2), assigned to the artist. */
  stepId: number;
  /** Page 2's only step: position 5, assigned to the assistant. */
  otherStepId: number;
  otherPageId: number;
}

async function stepIdOf(t: TestApp, s: Side, d: Draft, pageId: number): Promise<number> {
  const res = await ok(
    'page detail',
    call(t, contract.workflow.page, { ...chapterOf(d), pageId }, s.founder.token),
  );
  return present(res.body.data.steps[0], 'step').step_id;
}

async function workStep(
  t: TestApp,
  s: Side,
  projectId: number,
  stepId: number,
  assignee: Account,
  to: Stage,
) {
  const step = { projectId, workflowStepId: stepId };
  const reached = (x: Stage) => STAGES.indexOf(to) >= STAGES.indexOf(x);
  if (reached('started')) await ok('start', call(t, contract.workflow.start, step, assignee.token));
  if (reached('handedIn')) {
    const filePath = await ownUpload(t, assignee, 11);
    await ok('commit', call(t, contract.workflow.commit, { ...step, filePath }, assignee.token));
  }
  if (reached('done')) await ok('pass', call(t, contract.workflow.pass, step, s.founder.token));
}

/**
 * A two-page chapter in production: page 1's step belongs to the artist and is taken up to
 * `stage`; page 2's to the assistant (done too from 'done' on, so the chapter can be audited).
 */
export async function production(t: TestApp, s: Side, stage: Stage = 'planned'): Promise<Production> {
  const d = await approvedChapter(t, s, 2);
  const [pageId, otherPageId] = d.pageIds as [number, number];
  await ok(
    'plan',
    call(
      t,
      contract.workflow.savePlan,
      {
        ...chapterOf(d),
        pages: [
          { pageId, steps: [{ posId: 2, ownerUserId: s.artist.id }] },
          { pageId: otherPageId, steps: [{ posId: 5, ownerUserId: s.assistant.id }] },
        ],
      },
      s.founder.token,
    ),
  );
  const stepId = await stepIdOf(t, s, d, pageId);
  const otherStepId = await stepIdOf(t, s, d, otherPageId);
  await workStep(t, s, d.projectId, stepId, s.artist, stage === 'audit' ? 'done' : stage);
  if (stage === 'done' || stage === 'audit')
    await workStep(t, s, d.projectId, otherStepId, s.assistant, 'done');
  if (stage === 'audit')
    await ok('final', call(t, contract.workflow.submitAudit, chapterOf(d), s.founder.token));
  return { ...d, pageId, stepId, otherStepId, otherPageId };
}

/** A chapter in production whose page-2 step, the assistant's, is handed in: either approver decides. */
export async function assistantHandedIn(t: TestApp, s: Side) {
  const p = await production(t, s, 'planned');
  await workStep(t, s, p.projectId, p.otherStepId, s.assistant, 'handedIn');
  return { projectId: p.projectId, workflowStepId: p.otherStepId };
}

// --- red-pen marks (docs/marks.md) -------------------------------------------------------

export interface Marked {
  projectId: number;
  pageId: number;
  revisionId: number;
  markId: number;
}

/** The ids of a page's revision as the viewer lists them, once its renditions (and size) are made. */
async function revisionOf(t: TestApp, s: Side, d: Draft, kind: 'script' | 'step') {
  const revision = async () => {
    const viewer = await ok('viewer', call(t, contract.workflow.viewer, chapterOf(d), s.founder.token));
    const page = viewer.body.data.pages.find((x) => x.id === d.pageId);
    return page?.revisions.find((r) => r.kind === kind);
  };
  // Waits for this revision's size alone (marks need it), not for every render job queued.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    const found = await revision();
    if (found?.renditions?.width) return found.id;
  }
  throw new Error(`the ${kind} revision was not rendered within 60 s`);
}

/** One marked page per app, side and kind: the rows add marks of their own to it. */
const markedPages = new WeakMap<TestApp, Map<string, Promise<Omit<Marked, 'markId'>>>>();

function pageToMark(t: TestApp, s: Side, storyboard: boolean) {
  const pages = markedPages.get(t) ?? new Map<string, Promise<Omit<Marked, 'markId'>>>();
  markedPages.set(t, pages);
  const key = `${s.name}:${storyboard}`;
  let page = pages.get(key);
  if (!page) {
    page = (async () => {
      const d = storyboard ? await reviewChapter(t, s) : await production(t, s, 'handedIn');
      const revisionId = await revisionOf(t, s, d, storyboard ? 'script' : 'step');
      return { projectId: d.projectId, pageId: d.pageId, revisionId };
    })();
    pages.set(key, page);
  }
  return page;
}

/** Makes the marked pages of both sides while few render jobs are queued: the rows then find them. */
export async function prepareMarkedPages(t: TestApp, w: World): Promise<void> {
  for (const s of [w.a, w.b]) for (const storyboard of [false, true]) await pageToMark(t, s, storyboard);
}

/**
 * A new mark on a page revision: the main artist's handed-in pencils of page 1 (only the founder
 * judges them: the step is the artist's own work), or with `storyboard` a storyboard page in
 * review (the editor in charge judges it). `resolved`: the assignee (a creator) resolved it.
 */
export async function markedPage(
  t: TestApp,
  s: Side,
  opts: { storyboard?: boolean; resolved?: boolean } = {},
): Promise<Marked> {
  const page = await pageToMark(t, s, opts.storyboard ?? false);
  const judge = opts.storyboard ? s.editor : s.founder;
  const shape = { type: 'rect' as const, x: 1, y: 1, w: 10, h: 10 };
  const added = await ok(
    'mark',
    call(t, contract.marks.add, { ...page, shape, comment: 'ここ修正' }, judge.token),
  );
  const markId = added.body.data.id;
  if (opts.resolved) {
    const resolver = opts.storyboard ? s.founder : s.artist;
    const move = { projectId: page.projectId, markId, state: 'open' as const };
    await ok('resolve', call(t, contract.marks.resolve, move, resolver.token));
  }
  return { ...page, markId };
}

// --- projects and requests ---------------------------------------------------------------

/** A new project of the side's founder (no members, no editor): for calls that would spoil A. */
export async function freshProject(t: TestApp, s: Side): Promise<number> {
  return createProject(t, s.founder, { title: `新企画${s.name}` });
}

/** A new project of the side's founder recruiting position 3, with `applicant` (new) applying. */
export async function projectWithApplicant(t: TestApp, s: Side) {
  const projectId = await freshProject(t, s);
  await recruit(t, s.founder, projectId, [3]);
  const applicant = await account(t, 'creator');
  await ok('apply', call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 3 }, applicant.token));
  return { projectId, applicant };
}

/** Projects of a side's founder with a proposal file, the side's artist a member of each. */
export interface ProposalProjects {
  /** Its project recruitment is ongoing. */
  recruiting: number;
  /** Its recruitment has ended: it recruits nobody. */
  quiet: number;
  completed: number;
}

async function projectWithProposal(t: TestApp, s: Side): Promise<number> {
  const proposals = await ownUpload(t, s.founder, 4);
  const projectId = await createProject(t, s.founder, { proposals, proposalfile: '企画書.png' });
  await recruit(t, s.founder, projectId, [3]);
  await join(t, { projectId, founder: s.founder }, s.artist, 3);
  return projectId;
}

export async function proposalProjects(t: TestApp, s: Side): Promise<ProposalProjects> {
  const recruiting = await projectWithProposal(t, s);
  const quiet = await projectWithProposal(t, s);
  await ok('cancel', call(t, contract.recruitment.cancel, { kind: 1, projectId: quiet }, s.founder.token));
  const completed = await projectWithProposal(t, s);
  await ok('complete', call(t, contract.projects.complete, { projectId: completed }, s.founder.token));
  return { recruiting, quiet, completed };
}

export function recruitBody(projectId: number, startIn = 0): ApiInput<'recruitment', 'add'> {
  return {
    kind: 1,
    projectId,
    stime: dayFromToday(startIn),
    etime: dayFromToday(30),
    positions: [{ position_id: 4, num: 1 }],
  };
}

/** A new project of the side's founder with a recruitment starting in three days (scheduled). */
export async function projectWithScheduledRecruitment(t: TestApp, s: Side): Promise<number> {
  const projectId = await freshProject(t, s);
  await ok('recruit', call(t, contract.recruitment.add, recruitBody(projectId, 3), s.founder.token));
  return projectId;
}

/** A provisional account's completion token (the link mailed at sign-up). */
export async function completionToken(t: TestApp): Promise<string> {
  const body = creatorBody();
  await ok('register', call(t, contract.accounts.register, body));
  return lastMailToken(t, body.email);
}

/** A confirmed account's password reset token. */
export async function resetToken(t: TestApp): Promise<string> {
  const { body } = await signUpAndLogin(t, creatorBody());
  await ok('forgot', call(t, contract.accounts.forgotPassword, { email: body.email }));
  return lastMailToken(t, body.email);
}

/** A second session of `who`, so that logging it out leaves the actor's own token working. */
export async function secondSession(t: TestApp, who: Account): Promise<string> {
  const res = await ok(
    'login',
    call(t, contract.accounts.login, { username: who.email, password: who.password }),
  );
  return res.body.data.token;
}

export async function coverOf(t: TestApp, who: Account): Promise<string> {
  return cover(t, who);
}

export { draftPages, image, multipartBody };

/**
 * Takes a member out of a project the way an administrator would: the rows go at once, open steps
 * or not (the founder's call, projects.removeMember, first asks for them to be handed over: team.test.ts).
 * Every check reads memberships per request, which is what "removed members lose access at once"
 * relies on.
 */
export async function removeMember(t: TestApp, projectId: number, userId: number): Promise<void> {
  await t.app.deps.db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

/**
 * A new project of the side's founder with `who` in it (a creator through recruitment for position
 * 3, an editor through the invitation), no steps: for the team calls that end a membership.
 */
export async function freshProjectWith(t: TestApp, s: Side, who: Account): Promise<number> {
  const projectId = await freshProject(t, s);
  if (who.seat) {
    await takeSeat(t, { projectId, founder: s.founder }, who, who.seat);
    return projectId;
  }
  if (who.kind === 'editor') {
    await inviteEditor(t, projectId, s.founder, who);
    await ok('answer', call(t, contract.projects.answer, { projectId, checkStatus: 1 }, who.token));
    return projectId;
  }
  await recruit(t, s.founder, projectId, [3]);
  await join(t, { projectId, founder: s.founder }, who, 3);
  return projectId;
}
