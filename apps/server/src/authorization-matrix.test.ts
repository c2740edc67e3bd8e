import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { COOKIE, GUEST_HEADER, MemberKind, type ViewerPage } from '@koma/shared';
import { contract, routeLabel } from '@koma/shared/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrlSecret } from './modules/files/signed-url.js';
import { unsubscribeToken } from './modules/notices/unsubscribe-token.js';
import { Access } from './plugins/auth.js';
import { type DeclaredRoute, routeDeclarationsPlugin, Who } from './plugins/who.js';
import { creatorBody } from './test/accounts-fixtures.js';
import { call } from './test/api.js';
import {
  ACTORS,
  type Account,
  type Actor,
  account,
  accountOf,
  approvedChapter,
  assistantHandedIn,
  befriend,
  buildWorld,
  chapterOf,
  completionToken,
  coverOf,
  draftChapter,
  fileIn,
  folderWithFile,
  freshProject,
  freshProjectWith,
  friendRequest,
  image,
  inviteEditor,
  join,
  markedPage,
  multipartBody,
  ownUpload,
  pendingPairing,
  prepareMarkedPages,
  production,
  projectWithApplicant,
  projectWithScheduledRecruitment,
  proposalProjects,
  recruitBody,
  removeMember,
  resetToken,
  reviewChapter,
  type Side,
  type Stage,
  seatInvitation,
  secondSession,
  takeSeat,
  type World,
} from './test/authorization-world.js';
import { CROWD, invitationLink, inviteTo, mailInvitation } from './test/invitation-fixtures.js';
import { dayFromToday } from './test/project-fixtures.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * The authorization matrix (issue 7): every registered API route, called by every actor of the
 * world (authorization-world.ts) with the ids of project A, and by the actors it allows again
 * with project B's ids swapped into each id field in turn and into all of them. The expected
 * answer comes from the route's `who` declaration (plugins/who.ts) plus, where the answer depends
 * on state or on the caller, the row's own table. A route without a row fails the run.
 *
 * Rows never spoil each other: refused callers go first (a refusal changes nothing), the objects
 * a row acts on are its own, and where every allowed caller changes state (`fresh`), each gets
 * freshly built objects.
 */

interface Call {
  method?: 'GET' | 'POST' | 'HEAD';
  url: string;
  body?: Record<string, unknown>;
  query?: Record<string, string | number>;
  /** multipart fields, sent before a PNG named `file` */
  form?: Record<string, string | number>;
  /** a session other than the actor's own (the logout row) */
  token?: string;
}

type Build = (s: Side, as: Account | null) => Promise<Call> | Call;

interface Row {
  route: string;
  /** Tells rows of the same route apart. */
  name?: string;
  call: Build;
  /**
   * The allowed call changes what it acts on: each allowed caller gets a new build (`as` set);
   * refused callers share the build without `as`, which may use the world's own objects.
   */
  fresh?: boolean;
  /** The call depends on the caller (their own upload, their kind of profile): built per caller. */
  perActor?: boolean;
  /** Answers that differ from the declaration's default. */
  expect?: Partial<Record<Actor, number>>;
  /** For Who.OWNER: the actor the object belongs to. */
  owner?: Actor;
  /** For Who.ASSIGNEE: the actor the step is assigned to (default: member). */
  assignee?: Actor;
  /** For Who.REVIEWER and Who.ASSIGNEE_OR_REVIEWER: the actors who may judge the page. */
  reviewers?: Actor[];
  /**
   * Answers with B's ids swapped in, per field ('*' = every id field at once); default 404.
   * false when there is nothing to protect (any user is a valid target, any project readable).
   */
  swap?: false | Record<string, number>;
  /** The answer is not JSON on success (files, zips). */
  binary?: boolean;
}

// --- the rows, grouped by module ----------------------------------------------------------

const chapterAt = (stage: Stage) => async (s: Side) => chapterOf(await production(t, s, stage));
const stepAt = (stage: Stage) => async (s: Side) => {
  const p = await production(t, s, stage);
  return { projectId: p.projectId, workflowStepId: p.stepId };
};
const postTo =
  (url: string, body: (s: Side, as: Account | null) => Promise<object> | object): Build =>
  async (s, as) => ({ url, body: (await body(s, as)) as Record<string, unknown> });

/**
 * A founder's call on their completed project (w.a.completedProjectId): the founder gets 409, the
 * members of A are strangers to it (404).
 */
const COMPLETED: Partial<Record<Actor, number>> = {
  member: 404,
  assistant: 404,
  inviter: 404,
  editor: 404,
  deputy: 404,
  chief: 404,
  founder: 409,
};

const ROWS: Row[] = [
  // accounts, reference, health, docs
  {
    route: routeLabel(contract.accounts.register),
    perActor: true,
    call: () => ({ url: contract.accounts.register.path, body: { ...creatorBody() } }),
  },
  {
    route: routeLabel(contract.accounts.registerInvited),
    perActor: true,
    swap: false,
    // The link's secret is the key: whoever holds it signs up with the address it went to.
    call: async (s) => {
      const link = await mailInvitation(t, s.founder, s.projectId);
      return {
        url: contract.accounts.registerInvited.path,
        body: { ...link, nickname: '招待の人', password: 'a-new-password-1' },
      };
    },
  },
  {
    route: routeLabel(contract.accounts.login),
    name: 'a provisional account (the provisional actor: it cannot log in, so this is its only case)',
    call: () => ({
      url: contract.accounts.login.path,
      body: { username: w.provisional.email, password: w.provisional.password },
    }),
    expect: everyone(403),
  },
  {
    route: routeLabel(contract.accounts.login),
    name: 'a confirmed account',
    call: (s) => ({
      url: contract.accounts.login.path,
      body: { username: s.applicant.email, password: s.applicant.password },
    }),
  },
  {
    route: routeLabel(contract.accounts.completeRegistration),
    perActor: true,
    call: async () => ({
      url: contract.accounts.completeRegistration.path,
      body: { token: await completionToken(t) },
    }),
  },
  {
    route: routeLabel(contract.accounts.resendConfirmation),
    call: () => ({ url: contract.accounts.resendConfirmation.path, body: { email: w.provisional.email } }),
  },
  {
    route: routeLabel(contract.accounts.forgotPassword),
    call: (s) => ({ url: contract.accounts.forgotPassword.path, body: { email: s.stranger.email } }),
  },
  {
    route: routeLabel(contract.accounts.resetPassword),
    perActor: true,
    call: async () => ({
      url: contract.accounts.resetPassword.path,
      body: { token: await resetToken(t), password: 'a-new-password-1' },
    }),
  },
  {
    route: routeLabel(contract.accounts.closeFirstLogin),
    call: () => ({ url: contract.accounts.closeFirstLogin.path }),
  },
  {
    route: routeLabel(contract.accounts.logout),
    perActor: true,
    // A second session of the caller, so that the actor's own token keeps working.
    call: async (_, as) => ({
      method: 'GET',
      url: contract.accounts.logout.path,
      ...(as ? { token: await secondSession(t, as) } : {}),
    }),
  },
  {
    route: routeLabel(contract.reference.lists),
    call: () => ({ method: 'GET', url: contract.reference.lists.path }),
  },
  {
    route: routeLabel(contract.health.live),
    call: () => ({ method: 'GET', url: contract.health.live.path }),
  },
  {
    route: routeLabel(contract.health.ready),
    call: () => ({ method: 'GET', url: contract.health.ready.path }),
  },
  // uploads
  {
    route: routeLabel(contract.uploads.upload),
    call: () => ({ url: contract.uploads.upload.path, form: { type: 3 } }),
  },
  {
    route: routeLabel(contract.uploads.file),
    name: 'a public cover',
    binary: true,
    call: async (s) => ({ method: 'GET', url: await coverOf(t, s.founder) }),
  },
  {
    route: routeLabel(contract.uploads.file),
    name: 'a project file through its signed link',
    binary: true,
    call: async (s) => ({ method: 'GET', url: await fileLink(s) }),
  },
  {
    route: routeLabel(contract.uploads.file),
    name: 'a project file without its signature',
    call: async (s) => ({ method: 'GET', url: (await fileLink(s)).split('?')[0] as string }),
    expect: everyone(404),
  },
  // profiles
  {
    route: routeLabel(contract.profiles.me),
    call: () => ({ method: 'GET', url: contract.profiles.me.path }),
  },
  {
    route: routeLabel(contract.profiles.detail),
    swap: false, // every profile is readable by every user
    call: (s) => ({ method: 'GET', url: contract.profiles.detail.path, query: { uid: s.founder.id } }),
  },
  {
    route: routeLabel(contract.profiles.save),
    perActor: true,
    call: (_, as) => ({
      url: contract.profiles.save.path,
      body: {
        nickname: as?.nickname ?? '名無し',
        type: [1],
        medias: [1],
        typebigs: [1],
        ...(as?.kind === 'editor' ? { drawmethod: 1 } : { positions: [2, 5], method: [2] }),
      },
    }),
  },
  // matching
  {
    route: routeLabel(contract.matching.search),
    call: () => ({ url: contract.matching.search.path, body: {} }),
  },
  {
    route: routeLabel(contract.matching.apply),
    swap: false, // any person of the other kind is a valid target
    call: async () => ({
      url: contract.matching.apply.path,
      body: { toUid: (await account(t, 'editor')).id, message: '' },
    }),
    perActor: true,
    // Pairing joins a creator and an editor.
    expect: { editor: 400, otherEditor: 400 },
  },
  {
    route: routeLabel(contract.matching.deal),
    owner: 'otherEditor',
    call: async (s) => ({
      url: contract.matching.deal.path,
      body: { msgId: await pendingPairing(t, s.otherEditor), state: 1, message: '' },
    }),
  },
  // friends
  {
    route: routeLabel(contract.friends.apply),
    swap: false, // anyone may ask anyone
    perActor: true,
    call: async () => ({
      url: contract.friends.apply.path,
      body: { toUid: (await account(t, 'creator')).id, message: '' },
    }),
  },
  {
    route: routeLabel(contract.friends.deal),
    owner: 'founder',
    call: async (s) => ({
      url: contract.friends.deal.path,
      body: { msgId: await friendRequest(t, await account(t, 'creator'), s.founder), state: 1, message: '' },
    }),
  },
  {
    route: routeLabel(contract.friends.remove),
    owner: 'founder',
    call: async (s) => {
      const other = await account(t, 'creator');
      await befriend(t, s.founder, other);
      return { url: contract.friends.remove.path, body: { friendId: other.id } };
    },
  },
  { route: routeLabel(contract.friends.requests), call: () => ({ url: contract.friends.requests.path }) },
  {
    route: routeLabel(contract.friends.search),
    call: () => ({ url: contract.friends.search.path, body: {} }),
  },
  // notices, dashboard
  { route: routeLabel(contract.notices.list), call: () => ({ url: contract.notices.list.path, body: {} }) },
  { route: routeLabel(contract.notices.read), call: () => ({ url: contract.notices.read.path }) },
  {
    route: routeLabel(contract.notices.stream),
    // Read with the session cookie (EventSource sends no headers); an event stream on success.
    binary: true,
    call: () => ({ method: 'GET', url: contract.notices.stream.path }),
  },
  {
    route: routeLabel(contract.notices.mailSettings),
    call: () => ({ url: contract.notices.mailSettings.path }),
  },
  {
    route: routeLabel(contract.notices.saveMailSettings),
    // Each caller saves their own settings: nothing of another's to reach.
    call: () => ({
      url: contract.notices.saveMailSettings.path,
      body: { lang: 'ja', timeZone: 'Asia/Tokyo', digestHour: 9, kinds: { board_post: 'off' } },
    }),
  },
  {
    route: routeLabel(contract.notices.unsubscribe),
    // The signed token names its reader; anyone holding it (a mail client) may use it.
    swap: false,
    call: async (s) => ({
      url: contract.notices.unsubscribe.path,
      query: { token: await unsubscribeLink(s) },
    }),
  },
  {
    route: routeLabel(contract.notices.unsubscribe),
    name: "a token signed for another reader's id",
    swap: false,
    call: async (s) => {
      const [, kind, sig] = (await unsubscribeLink(s)).split('.');
      return { url: contract.notices.unsubscribe.path, query: { token: `${s.artist.id}.${kind}.${sig}` } };
    },
    expect: everyone(404),
  },
  {
    route: routeLabel(contract.dashboard.home),
    call: () => ({ method: 'GET', url: contract.dashboard.home.path }),
  },
  {
    route: routeLabel(contract.dashboard.todoCounts),
    call: () => ({ url: contract.dashboard.todoCounts.path }),
  },
  {
    route: routeLabel(contract.dashboard.todoList),
    call: () => ({ url: contract.dashboard.todoList.path, body: { type: 13 } }),
  },
  // projects
  {
    route: routeLabel(contract.projects.save),
    name: 'create',
    perActor: true,
    // Only creator accounts found projects (docs/accounts.md, role 1).
    expect: { editor: 403, otherEditor: 403 },
    call: async (_, as) => ({ url: contract.projects.save.path, body: await projectBodyOf(as) }),
  },
  {
    route: routeLabel(contract.projects.save),
    name: 'edit',
    // The founder is checked against the stored project, members or not: everyone else 403.
    expect: {
      stranger: 403,
      friend: 403,
      otherEditor: 403,
      member: 403,
      assistant: 403,
      inviter: 403,
      editor: 403,
    },
    swap: { projectId: 403, '*': 403 },
    call: async (s) => ({
      url: contract.projects.save.path,
      body: { ...(await projectBodyOf(null, s)), projectId: s.projectId },
    }),
  },
  {
    route: routeLabel(contract.projects.mine),
    call: () => ({ url: contract.projects.mine.path, body: { type: 1 } }),
  },
  {
    route: routeLabel(contract.projects.detail),
    // The detail tab is readable by every user: applicants read it (projects.service.ts); who gets
    // the proposal link is checked below.
    swap: { proId: 200, '*': 200 },
    call: (s) => ({ method: 'GET', url: contract.projects.detail.path, query: { proId: s.projectId } }),
  },
  {
    route: routeLabel(contract.projects.complete),
    fresh: true,
    call: async (s, as) => ({
      url: contract.projects.complete.path,
      body: { projectId: as ? await freshProject(t, s) : s.projectId },
    }),
  },
  {
    route: routeLabel(contract.projects.readingDirection),
    call: postTo(contract.projects.readingDirection.path, (s) => ({
      projectId: s.projectId,
      direction: 'ltr',
    })),
  },
  {
    route: routeLabel(contract.projects.editors),
    call: (s) => ({ url: contract.projects.editors.path, body: { proId: s.projectId } }),
  },
  {
    route: routeLabel(contract.projects.invite),
    name: 'A (its editor in charge is already there)',
    expect: { founder: 409 },
    swap: { userid: 409 },
    call: (s) => ({
      url: contract.projects.invite.path,
      body: { projectid: s.projectId, userid: s.otherEditor.id },
    }),
  },
  {
    route: routeLabel(contract.projects.invite),
    name: 'a project without an editor',
    // Only the founder's own new project: every other actor is a stranger to it.
    expect: { member: 404, assistant: 404, inviter: 404, editor: 404 },
    // Any active editor may be invited (docs/access.md, "Inviting the editor in charge"): B's
    // editor is as valid a target as A's, and the project is the founder's own.
    swap: { userid: 200 },
    call: async (s) => ({
      url: contract.projects.invite.path,
      body: { projectid: await freshProject(t, s), userid: s.otherEditor.id },
    }),
  },
  {
    route: routeLabel(contract.projects.answer),
    owner: 'otherEditor',
    call: async (s) => {
      const projectId = await freshProject(t, s);
      await inviteEditor(t, projectId, s.founder, s.otherEditor);
      return { url: contract.projects.answer.path, body: { projectId, checkStatus: 1 } };
    },
  },
  // the team (docs/access.md, "Leaving a project")
  {
    route: routeLabel(contract.projects.memberWork),
    name: "the assistant's open work",
    // The founder, and the member asking about their own work; no other member.
    expect: { member: 403, inviter: 403, editor: 403 },
    call: (s) => ({
      url: contract.projects.memberWork.path,
      body: { projectId: s.projectId, userId: s.assistant.id },
    }),
  },
  {
    route: routeLabel(contract.projects.removeMember),
    fresh: true,
    call: async (s, as) => {
      if (!as)
        return {
          url: contract.projects.removeMember.path,
          body: { projectId: s.projectId, userId: s.assistant.id },
        };
      const member = await account(t, 'creator');
      const projectId = await freshProjectWith(t, s, member);
      return { url: contract.projects.removeMember.path, body: { projectId, userId: member.id } };
    },
  },
  {
    route: routeLabel(contract.projects.changeMember),
    fresh: true,
    // A member of a fresh project, recruited for storyboards (3), is made an inker (6).
    call: async (s, as) => {
      const member = as ? await account(t, 'creator') : s.assistant;
      const projectId = as ? await freshProjectWith(t, s, member) : s.projectId;
      const from = { posId: 3, chapterId: null };
      const to = { posId: 6, chapterId: null };
      return { url: contract.projects.changeMember.path, body: { projectId, userId: member.id, from, to } };
    },
  },
  {
    route: routeLabel(contract.projects.leave),
    fresh: true,
    // The founder cannot leave; every other member leaves a project of their own.
    expect: { founder: 400 },
    call: async (s, as) => {
      const projectId = as && as.id !== s.founder.id ? await freshProjectWith(t, s, as) : s.projectId;
      return { url: contract.projects.leave.path, body: { projectId } };
    },
  },
  {
    route: routeLabel(contract.projects.events),
    call: (s) => ({ url: contract.projects.events.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.projects.search),
    call: () => ({ url: contract.projects.search.path, body: {} }),
  },
  // team invitations (docs/access.md, "Inviting")
  {
    route: routeLabel(contract.invitations.invite),
    fresh: true,
    // Any active account may be invited: B's new account is a valid invitee too. The inviter
    // offers another part than the founder, so that B's account is not invited twice to one.
    swap: { userId: 200 },
    call: async (s, as) => ({
      url: contract.invitations.invite.path,
      body: {
        projectId: s.projectId,
        userId: as ? (await account(t, 'creator')).id : s.friend.id,
        part: as?.id === s.inviter.id ? { ...CROWD, posId: 8 } : CROWD,
      },
    }),
  },
  {
    route: routeLabel(contract.invitations.inviteByMail),
    fresh: true,
    call: (s, as) => ({
      url: contract.invitations.inviteByMail.path,
      body: {
        projectId: s.projectId,
        email: `matrix-${s.name}-${as?.id ?? 0}-${Date.now()}@example.com`,
        part: CROWD,
      },
    }),
  },
  {
    route: routeLabel(contract.invitations.people),
    call: (s) => ({ url: contract.invitations.people.path, body: { projectId: s.projectId, nick: 'a' } }),
  },
  {
    route: routeLabel(contract.invitations.ofProject),
    call: (s) => ({ url: contract.invitations.ofProject.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.invitations.withdraw),
    name: "the founder's invitation",
    fresh: true,
    // Another inviter withdraws only their own.
    expect: { inviter: 403 },
    call: async (s) => ({
      url: contract.invitations.withdraw.path,
      body: {
        projectId: s.projectId,
        invitationId: await inviteTo(t, s.founder, s.projectId, await account(t, 'creator')),
      },
    }),
  },
  {
    route: routeLabel(contract.invitations.withdraw),
    name: "the inviter's invitation",
    fresh: true,
    call: async (s) => ({
      url: contract.invitations.withdraw.path,
      body: {
        projectId: s.projectId,
        invitationId: await inviteTo(t, s.inviter, s.projectId, await account(t, 'creator')),
      },
    }),
  },
  {
    route: routeLabel(contract.invitations.allowInviter),
    fresh: true,
    // The founder allows the member of a fresh project of hers, so no actor's right in A changes.
    call: async (s, as) => {
      const member = as ? await account(t, 'creator') : s.artist;
      const projectId = as ? await freshProjectWith(t, s, member) : s.projectId;
      return {
        url: contract.invitations.allowInviter.path,
        body: { projectId, userId: member.id, allow: true },
      };
    },
  },
  // watermarks and the access record (docs/renditions.md "Watermarks", docs/access.md "The access record")
  {
    route: routeLabel(contract.accessRecord.watermark),
    call: (s) => ({ url: contract.accessRecord.watermark.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.accessRecord.saveWatermark),
    // Every allowed caller sets the same mode, originals as they are: the editor may set the mode only.
    call: (s) => ({
      url: contract.accessRecord.saveWatermark.path,
      body: { projectId: s.projectId, mode: 'members', originals: 'refuse' },
    }),
  },
  {
    route: routeLabel(contract.accessRecord.list),
    call: (s) => ({ url: contract.accessRecord.list.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.accessRecord.csv),
    call: (s) => ({ url: contract.accessRecord.csv.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.accessRecord.code),
    call: (s) => ({ url: contract.accessRecord.code.path, body: { projectId: s.projectId, code: 'ABCDEF' } }),
  },
  // editorial seats (docs/access.md, "Editorial seats")
  {
    route: routeLabel(contract.seats.ofProject),
    call: (s) => ({ url: contract.seats.ofProject.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.seats.people),
    call: (s) => ({ url: contract.seats.people.path, body: { projectId: s.projectId, nick: 'a' } }),
  },
  {
    route: routeLabel(contract.seats.invite),
    // Built per caller, B's too: any active editor account may be offered a seat, B's new one
    // too, and one person waits for one seat invitation of a project at a time.
    perActor: true,
    swap: { userId: 200 },
    call: async (s) => ({
      url: contract.seats.invite.path,
      body: {
        projectId: s.projectId,
        userId: (await account(t, 'editor')).id,
        seat: MemberKind.DEPUTY,
      },
    }),
  },
  {
    route: routeLabel(contract.seats.withdraw),
    fresh: true,
    call: async (s) => ({
      url: contract.seats.withdraw.path,
      body: { projectId: s.projectId, invitationId: await seatInvitation(t, s) },
    }),
  },
  {
    route: routeLabel(contract.seats.remove),
    fresh: true,
    // Each allowed caller takes the seat of an editor seated in A for it; the refused try A's 副担当.
    call: async (s, as) => {
      if (!as)
        return { url: contract.seats.remove.path, body: { projectId: s.projectId, userId: s.deputy.id } };
      const holder = await account(t, 'editor');
      await takeSeat(t, s, holder, MemberKind.DEPUTY);
      return { url: contract.seats.remove.path, body: { projectId: s.projectId, userId: holder.id } };
    },
  },
  { route: routeLabel(contract.invitations.mine), call: () => ({ url: contract.invitations.mine.path }) },
  {
    route: routeLabel(contract.invitations.projects),
    call: () => ({ url: contract.invitations.projects.path }),
  },
  {
    route: routeLabel(contract.invitations.answer),
    // Addressed to the founder's friend, in a new project of the founder's: nobody else's to answer.
    owner: 'friend',
    call: async (s) => ({
      url: contract.invitations.answer.path,
      body: { invitationId: await inviteTo(t, s.founder, await freshProject(t, s), s.friend), accept: true },
    }),
  },
  {
    route: routeLabel(contract.invitations.link),
    // The link's secret is the key: whoever holds it sees what it offers.
    swap: false,
    call: async (s) => ({
      url: contract.invitations.link.path,
      body: { token: await invitationLink(t, s.founder, s.projectId) },
    }),
  },
  {
    route: routeLabel(contract.invitations.answerLink),
    fresh: true,
    swap: false,
    // Declined, so that no actor's part in A changes; the founder cannot answer her own link.
    expect: { founder: 400 },
    call: async (s) => ({
      url: contract.invitations.answerLink.path,
      body: { token: await invitationLink(t, s.founder, s.projectId), accept: false },
    }),
  },
  // recruitment
  {
    route: routeLabel(contract.recruitment.add),
    fresh: true,
    call: async (s, as) => ({
      url: contract.recruitment.add.path,
      body: recruitBody(as ? await freshProject(t, s) : s.projectId),
    }),
  },
  {
    route: routeLabel(contract.recruitment.add),
    name: 'a completed project',
    // It takes no new recruitment (docs/recruitment.md); A's members are strangers to it.
    expect: COMPLETED,
    call: (s) => ({ url: contract.recruitment.add.path, body: recruitBody(s.completedProjectId) }),
  },
  {
    route: routeLabel(contract.recruitment.update),
    name: 'a recruitment that has not started',
    // Only the founder's own new project: every other actor is a stranger to it.
    expect: { member: 404, assistant: 404, inviter: 404, editor: 404 },
    call: async (s) => ({
      url: contract.recruitment.update.path,
      body: { ...recruitBody(await projectWithScheduledRecruitment(t, s), 2), condition: '経験者' },
    }),
  },
  {
    route: routeLabel(contract.recruitment.update),
    name: 'A (its recruitment has started)',
    expect: { founder: 409 },
    call: (s) => ({ url: contract.recruitment.update.path, body: recruitBody(s.projectId, 1) }),
  },
  {
    route: routeLabel(contract.recruitment.update),
    name: 'a completed project',
    expect: COMPLETED,
    call: (s) => ({ url: contract.recruitment.update.path, body: recruitBody(s.completedProjectId, 1) }),
  },
  {
    route: routeLabel(contract.recruitment.detail),
    swap: { projectId: 200, '*': 200 }, // the recruitment of any project is public to users
    call: (s) => ({ url: contract.recruitment.detail.path, body: { kind: 1, projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.recruitment.cancel),
    fresh: true,
    call: async (s, as) => {
      if (!as) return { url: contract.recruitment.cancel.path, body: { kind: 1, projectId: s.projectId } };
      const { projectId } = await projectWithApplicant(t, s);
      return { url: contract.recruitment.cancel.path, body: { kind: 1, projectId } };
    },
  },
  {
    route: routeLabel(contract.recruitment.applicants),
    call: (s) => ({ url: contract.recruitment.applicants.path, body: { kind: 1, projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.recruitment.apply),
    swap: false, // any user may apply to any recruiting project
    // The founder cannot apply to their own project; members are members already.
    expect: { founder: 400, member: 409, assistant: 409, inviter: 409, editor: 409 },
    call: (s) => ({
      url: contract.recruitment.apply.path,
      body: { kind: 1, projectId: s.projectId, posId: 3 },
    }),
  },
  ...[contract.recruitment.accept, contract.recruitment.reject].map(
    (endpoint): Row => ({
      route: routeLabel(endpoint),
      fresh: true,
      call: async (s, as) => {
        const { projectId, applicant } = as ? await projectWithApplicant(t, s) : s;
        return {
          url: endpoint.path,
          body: { kind: 1, projectId, posId: 3, userId: applicant.id },
        };
      },
    }),
  ),
  // chapters
  {
    route: routeLabel(contract.chapters.list),
    call: (s) => ({ url: contract.chapters.list.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.chapters.add),
    call: async (s) => ({ url: contract.chapters.add.path, body: await chapterBodyOf(s) }),
  },
  {
    route: routeLabel(contract.chapters.add),
    name: 'a completed project',
    expect: COMPLETED,
    call: async (s) => ({
      url: contract.chapters.add.path,
      body: { ...(await chapterBodyOf(s)), projectId: s.completedProjectId },
    }),
  },
  {
    route: routeLabel(contract.chapters.search),
    call: () => ({ url: contract.chapters.search.path, body: {} }),
  },
  {
    route: routeLabel(contract.chapters.detail),
    call: async (s) => ({ url: contract.chapters.detail.path, body: chapterOf(await draftChapter(t, s)) }),
  },
  {
    route: routeLabel(contract.chapters.update),
    // The founder and the editorial side (docs/access.md, "Editorial seats"); the header stays as
    // it is, since a new one must be the caller's own upload.
    call: async (s) => {
      const d = await draftChapter(t, s);
      const { projectId: _, page: __, ...rest } = await chapterBodyOf(s);
      const current = await call(t, contract.chapters.detail, chapterOf(d), s.founder.token);
      return {
        url: contract.chapters.update.path,
        body: { ...chapterOf(d), ...rest, icon: current.body.data.icon },
      };
    },
  },
  {
    route: routeLabel(contract.chapters.submitNames),
    fresh: true,
    call: async (s) => ({
      url: contract.chapters.submitNames.path,
      body: chapterOf(await draftChapter(t, s)),
    }),
  },
  {
    route: routeLabel(contract.chapters.checkNames),
    // Each of the editorial desk judges a storyboard of its own: the first judgement closes one.
    fresh: true,
    call: async (s) => ({
      url: contract.chapters.checkNames.path,
      body: { ...chapterOf(await reviewChapter(t, s)), checkStatus: 2, chapterNote: '直してください' },
    }),
  },
  {
    // 全ページ承認 (issue 40): the editor in charge only, on a name waiting for her.
    route: routeLabel(contract.chapters.approveAllPages),
    fresh: true,
    call: async (s) => ({
      url: contract.chapters.approveAllPages.path,
      body: chapterOf(await reviewChapter(t, s, 2)),
    }),
  },
  // board
  {
    route: routeLabel(contract.board.list),
    call: (s) => ({ url: contract.board.list.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.board.add),
    call: (s) => ({ url: contract.board.add.path, body: { projectId: s.projectId, content: 'こんにちは' } }),
  },
  {
    route: routeLabel(contract.board.add),
    name: 'a completed project (its board stays open)',
    expect: { member: 404, assistant: 404, inviter: 404, editor: 404 },
    call: (s) => ({
      url: contract.board.add.path,
      body: { projectId: s.completedProjectId, content: 'おつかれさまでした' },
    }),
  },
  // a chapter's editorial thread (docs/notices.md, "The editorial thread"): founder and editor only
  {
    route: routeLabel(contract.editorialThread.list),
    call: async (s) => ({
      url: contract.editorialThread.list.path,
      body: chapterOf(await draftChapter(t, s)),
    }),
  },
  {
    route: routeLabel(contract.editorialThread.add),
    call: async (s) => ({
      url: contract.editorialThread.add.path,
      body: { ...chapterOf(await draftChapter(t, s)), content: '締切の相談です' },
    }),
  },
  // review links (docs/access.md, "Review links"): the founder and the editorial side make, list
  // and revoke them; a guest reads by its guest token alone, which no actor here holds
  {
    route: routeLabel(contract.reviewLinks.make),
    call: async (s) => ({ url: contract.reviewLinks.make.path, body: await reviewChapterOf(s) }),
  },
  {
    route: routeLabel(contract.reviewLinks.list),
    call: async (s) => ({ url: contract.reviewLinks.list.path, body: await reviewChapterOf(s) }),
  },
  {
    route: routeLabel(contract.reviewLinks.revoke),
    fresh: true,
    call: async (s) => {
      const chapter = await reviewChapterOf(s);
      return {
        url: contract.reviewLinks.revoke.path,
        body: { ...chapter, linkId: (await reviewLink(s)).id },
      };
    },
  },
  {
    route: routeLabel(contract.reviewLinks.revokeAll),
    call: async (s) => ({ url: contract.reviewLinks.revokeAll.path, body: await reviewChapterOf(s) }),
  },
  {
    route: routeLabel(contract.review.about),
    call: async (s) => ({ url: contract.review.about.path, body: { token: (await reviewLink(s)).token } }),
  },
  {
    route: routeLabel(contract.review.open),
    // Each open is a view: a link of its own per caller.
    perActor: true,
    call: async (s) => ({
      url: contract.review.open.path,
      body: { token: (await reviewLink(s)).token, name: 'ゲスト' },
    }),
  },
  {
    route: routeLabel(contract.review.pages),
    call: () => ({ url: contract.review.pages.path }),
  },
  // folders
  {
    route: routeLabel(contract.folders.dirs),
    call: (s) => ({ url: contract.folders.dirs.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.folders.saveDir),
    name: 'create',
    perActor: true,
    call: (s, as) => ({
      url: contract.folders.saveDir.path,
      body: { projectId: s.projectId, dirName: `${as?.id ?? 0}の資料` },
    }),
  },
  {
    route: routeLabel(contract.folders.saveDir),
    name: 'a completed project (its folders stay open)',
    perActor: true,
    expect: { member: 404, assistant: 404, inviter: 404, editor: 404 },
    call: (s, as) => ({
      url: contract.folders.saveDir.path,
      body: { projectId: s.completedProjectId, dirName: `${as?.id ?? 0}の納品物` },
    }),
  },
  {
    route: routeLabel(contract.folders.saveDir),
    name: 'rename',
    call: (s) => ({
      url: contract.folders.saveDir.path,
      body: { projectId: s.projectId, dirName: `資料${s.name}`, id: s.dirId },
    }),
  },
  {
    route: routeLabel(contract.folders.removeDir),
    fresh: true,
    call: async (s, as) => {
      if (!as)
        return { url: contract.folders.removeDir.path, body: { projectId: s.projectId, dirId: s.dirId } };
      const { dirId } = await folderWithFile(t, s, `消す${Math.random()}`);
      return { url: contract.folders.removeDir.path, body: { projectId: s.projectId, dirId } };
    },
  },
  {
    route: routeLabel(contract.folders.files),
    call: (s) => ({ url: contract.folders.files.path, body: { projectId: s.projectId, dirId: s.dirId } }),
  },
  {
    route: routeLabel(contract.folders.addFile),
    perActor: true,
    call: async (s, as) => ({
      url: contract.folders.addFile.path,
      body: {
        projectId: s.projectId,
        dirId: s.dirId,
        path: as ? await ownUpload(t, as, 4) : '/api/files/none.png',
        filename: 'plot.png',
        ext: 'png',
        size: 100,
      },
    }),
    // No upload of their own to register: the anonymous caller is refused before that anyway.
  },
  {
    route: routeLabel(contract.folders.addFile),
    name: "another user's upload",
    // An upload path is usable only by its uploader (docs/files.md): B's founder's file.
    expect: { member: 400, assistant: 400, inviter: 400, editor: 400, founder: 400 },
    swap: false,
    call: async (s) => ({
      url: contract.folders.addFile.path,
      body: {
        projectId: s.projectId,
        dirId: s.dirId,
        path: await ownUpload(t, w.b.founder, 4),
        filename: 'x.png',
        ext: 'png',
        size: 1,
      },
    }),
  },
  {
    route: routeLabel(contract.folders.removeFile),
    fresh: true,
    call: async (s, as) => ({
      url: contract.folders.removeFile.path,
      body: {
        projectId: s.projectId,
        dirId: s.dirId,
        fileId: as ? await fileIn(t, s.projectId, s.dirId, s.founder) : s.fileId,
      },
    }),
  },
  ...[contract.folders.link, contract.folders.notes].map(
    (endpoint): Row => ({
      route: routeLabel(endpoint),
      call: (s) => ({
        url: endpoint.path,
        body: { projectId: s.projectId, dirId: s.dirId, fileId: s.fileId },
      }),
    }),
  ),
  {
    route: routeLabel(contract.folders.addNote),
    call: (s) => ({
      url: contract.folders.addNote.path,
      body: { projectId: s.projectId, dirId: s.dirId, fileId: s.fileId, content: 'メモ' },
    }),
  },
  // storyboard pages
  {
    route: routeLabel(contract.pages.list),
    call: async (s) => ({ url: contract.pages.list.path, body: chapterOf(await draftChapter(t, s)) }),
  },
  {
    route: routeLabel(contract.pages.add),
    call: async (s) => ({ url: contract.pages.add.path, body: chapterOf(await draftChapter(t, s)) }),
  },
  {
    route: routeLabel(contract.pages.remove),
    fresh: true,
    call: async (s) => {
      const d = await draftChapter(t, s);
      return { url: contract.pages.remove.path, body: { projectId: d.projectId, pageId: d.pageId } };
    },
  },
  {
    route: routeLabel(contract.pages.upload),
    call: async (s) => {
      const d = await draftChapter(t, s);
      return { url: contract.pages.upload.path, form: { projectId: d.projectId, pageId: d.pageId } };
    },
  },
  ...[contract.pages.link, contract.pages.notes].map(
    (endpoint): Row => ({
      route: routeLabel(endpoint),
      call: async (s) => {
        const d = await draftChapter(t, s);
        return { url: endpoint.path, body: { projectId: d.projectId, pageId: d.pageId } };
      },
    }),
  ),
  {
    route: routeLabel(contract.pages.addNote),
    call: async (s) => {
      const d = await draftChapter(t, s);
      return {
        url: contract.pages.addNote.path,
        body: { projectId: d.projectId, pageId: d.pageId, content: 'メモ' },
      };
    },
  },
  {
    route: routeLabel(contract.pages.check),
    call: async (s) => {
      const d = await reviewChapter(t, s);
      return {
        url: contract.pages.check.path,
        body: { projectId: d.projectId, pageId: d.pageId, checkStatus: 1 },
      };
    },
  },
  {
    route: routeLabel(contract.pages.check),
    name: 'a send-back with its reason',
    fresh: true,
    call: async (s) => {
      const d = await reviewChapter(t, s);
      return {
        url: contract.pages.check.path,
        body: {
          projectId: d.projectId,
          pageId: d.pageId,
          checkStatus: 2,
          remark: 'コマ割りを直してください',
        },
      };
    },
  },
  {
    // A storyboard page's history of files (issue 40): every member reads it.
    route: routeLabel(contract.pages.revisions),
    call: async (s) => {
      const d = await draftChapter(t, s);
      return { url: contract.pages.revisions.path, body: { projectId: d.projectId, pageId: d.pageId } };
    },
  },
  // the page work flow
  ...[contract.workflow.positions, contract.workflow.plan].map(
    (endpoint): Row => ({
      route: routeLabel(endpoint),
      call: async (s) => ({ url: endpoint.path, body: chapterOf(await approvedChapter(t, s)) }),
    }),
  ),
  {
    route: routeLabel(contract.workflow.savePlan),
    // B's artist is no member of A: not someone A's steps can be given to.
    swap: { ownerUserId: 400 },
    call: async (s) => {
      const d = await approvedChapter(t, s);
      const pages = [{ pageId: d.pageId, steps: [{ posId: 2, ownerUserId: s.artist.id }] }];
      return { url: contract.workflow.savePlan.path, body: { ...chapterOf(d), pages } };
    },
  },
  {
    route: routeLabel(contract.workflow.handOver),
    fresh: true,
    // B's founder may take no step of A's.
    swap: { toUserId: 400 },
    call: async (s) => {
      const p = await production(t, s, 'started');
      return {
        url: contract.workflow.handOver.path,
        body: { ...chapterOf(p), stepId: p.stepId, toUserId: s.founder.id },
      };
    },
  },
  {
    route: routeLabel(contract.workflow.pages),
    call: postTo(contract.workflow.pages.path, chapterAt('planned')),
  },
  {
    route: routeLabel(contract.workflow.page),
    call: async (s) => {
      const p = await production(t, s);
      return { url: contract.workflow.page.path, body: { ...chapterOf(p), pageId: p.pageId } };
    },
  },
  {
    route: routeLabel(contract.workflow.start),
    call: postTo(contract.workflow.start.path, stepAt('planned')),
  },
  {
    route: routeLabel(contract.workflow.commit),
    perActor: true,
    call: async (s, as) => ({
      url: contract.workflow.commit.path,
      body: {
        ...(await stepAt('started')(s)),
        filePath: as ? await ownUpload(t, as, 11) : '/api/files/none.png',
      },
    }),
  },
  {
    route: routeLabel(contract.workflow.commit),
    name: "another user's upload",
    expect: { member: 400 },
    swap: false,
    call: async (s) => ({
      url: contract.workflow.commit.path,
      body: { ...(await stepAt('started')(s)), filePath: await ownUpload(t, w.b.artist, 11) },
    }),
  },
  // Nobody decides on their own work (modules/workflow/step-approval.policy.ts): page 1's step is
  // the main artist's (`member`), so only the founder decides on it; the assistant's step on
  // page 2 is for either approver.
  {
    route: routeLabel(contract.workflow.pass),
    name: "the main artist's own step",
    fresh: true,
    expect: { member: 403 },
    call: postTo(contract.workflow.pass.path, stepAt('handedIn')),
  },
  {
    route: routeLabel(contract.workflow.pass),
    name: "the assistant's step",
    fresh: true,
    call: postTo(contract.workflow.pass.path, (s) => assistantHandedIn(t, s)),
  },
  {
    route: routeLabel(contract.workflow.reject),
    name: "the main artist's own step",
    fresh: true,
    expect: { member: 403 },
    call: async (s) => ({
      url: contract.workflow.reject.path,
      body: { ...(await stepAt('handedIn')(s)), remark: '直してください' },
    }),
  },
  {
    route: routeLabel(contract.workflow.reject),
    name: "the assistant's step",
    fresh: true,
    call: async (s) => ({
      url: contract.workflow.reject.path,
      body: { ...(await assistantHandedIn(t, s)), remark: '直してください' },
    }),
  },
  ...[contract.workflow.history, contract.workflow.comments].map(
    (endpoint): Row => ({
      route: routeLabel(endpoint),
      call: postTo(endpoint.path, stepAt('handedIn')),
    }),
  ),
  {
    route: routeLabel(contract.workflow.submitAudit),
    call: postTo(contract.workflow.submitAudit.path, chapterAt('done')),
  },
  {
    route: routeLabel(contract.workflow.passAudit),
    fresh: true,
    call: postTo(contract.workflow.passAudit.path, chapterAt('audit')),
  },
  {
    route: routeLabel(contract.workflow.rejectAudit),
    fresh: true,
    call: async (s) => ({
      url: contract.workflow.rejectAudit.path,
      body: { ...(await chapterAt('audit')(s)), remark: '直してください' },
    }),
  },
  {
    route: routeLabel(contract.workflow.downloadZip),
    name: 'the zip itself',
    binary: true,
    call: postTo(contract.workflow.downloadZip.path, chapterAt('done')),
  },
  {
    route: routeLabel(contract.workflow.downloadZip),
    name: 'a signed link to it',
    call: async (s) => ({
      url: contract.workflow.downloadZip.path,
      body: { ...(await chapterAt('done')(s)), link: true },
    }),
  },
  {
    route: routeLabel(contract.workflow.viewer),
    call: postTo(contract.workflow.viewer.path, chapterAt('done')),
  },
  {
    route: routeLabel(contract.workflow.fileDetails),
    call: postTo(contract.workflow.fileDetails.path, async (s) => {
      const chapter = await chapterAt('done')(s);
      const viewer = await call(t, contract.workflow.viewer, chapter, s.founder.token);
      return { ...chapter, uploadId: viewer.body.data.pages[0]?.revisions[0]?.id ?? 0 };
    }),
  },
  // red-pen marks (docs/marks.md): page 1's pencils are the main artist's (`member`) own work, so
  // the founder judges them, and the editor in charge, who marks every page she reads (issue 40);
  // the storyboard is the editor in charge's to judge.
  {
    route: routeLabel(contract.marks.list),
    call: postTo(contract.marks.list.path, async (s) => {
      const m = await markedPage(t, s);
      return { projectId: m.projectId, pageId: m.pageId };
    }),
  },
  {
    route: routeLabel(contract.marks.add),
    name: "the main artist's pencils",
    reviewers: ['founder', 'editor'],
    call: postTo(contract.marks.add.path, async (s) => newMark(await markedPage(t, s))),
  },
  {
    route: routeLabel(contract.marks.add),
    name: 'a storyboard page in review',
    reviewers: ['editor'],
    call: postTo(contract.marks.add.path, async (s) => newMark(await markedPage(t, s, { storyboard: true }))),
  },
  {
    route: routeLabel(contract.marks.reply),
    reviewers: ['founder', 'editor'],
    call: postTo(contract.marks.reply.path, async (s) => {
      const m = await markedPage(t, s);
      return { projectId: m.projectId, markId: m.markId, content: '直しました' };
    }),
  },
  {
    route: routeLabel(contract.marks.resolve),
    fresh: true,
    call: postTo(contract.marks.resolve.path, async (s) => markMove(await markedPage(t, s), 'open')),
  },
  {
    route: routeLabel(contract.marks.remove),
    // The author's (the founder's) while open; the other members see the mark but may not delete it.
    owner: 'founder',
    fresh: true,
    expect: { member: 403, assistant: 403, inviter: 403, editor: 403 },
    call: postTo(contract.marks.remove.path, async (s) => {
      const m = await markedPage(t, s);
      return { projectId: m.projectId, markId: m.markId };
    }),
  },
  ...[contract.marks.confirm, contract.marks.reopen].map(
    (endpoint): Row => ({
      route: routeLabel(endpoint),
      fresh: true,
      reviewers: ['founder', 'editor'],
      call: postTo(endpoint.path, async (s) =>
        markMove(await markedPage(t, s, { resolved: true }), 'resolved'),
      ),
    }),
  ),
  // correction sheets: any member gets a signed link; the PDF itself is behind the link alone
  {
    route: routeLabel(contract.marks.sheetLink),
    call: postTo(contract.marks.sheetLink.path, async (s) => {
      const m = await markedPage(t, s);
      return { projectId: m.projectId, pageId: m.pageId, which: 'all' };
    }),
  },
  {
    route: routeLabel(contract.marks.sheet),
    binary: true,
    call: async (s) => {
      const m = await markedPage(t, s);
      const body = { projectId: m.projectId, pageId: m.pageId, which: 'all' as const };
      const res = await call(t, contract.marks.sheetLink, body, s.founder.token);
      return signedGet(res.body.data.downloadUrl);
    },
  },
  // due days and forecasts (docs/schedule.md)
  {
    route: routeLabel(contract.schedule.chapter),
    call: postTo(contract.schedule.chapter.path, chapterAt('planned')),
  },
  {
    route: routeLabel(contract.schedule.moveDue),
    call: async (s) => {
      const p = await production(t, s, 'planned');
      return {
        url: contract.schedule.moveDue.path,
        body: { ...chapterOf(p), stepId: p.stepId, dueOn: dayFromToday(10) },
      };
    },
  },
  {
    // Every user may ask; each is answered only the projects she edits (modules/schedule/timeline.test.ts).
    route: routeLabel(contract.schedule.timeline),
    call: () => ({ method: 'GET', url: contract.schedule.timeline.path }),
  },
  {
    route: routeLabel(contract.schedule.saveBuffer),
    call: postTo(contract.schedule.saveBuffer.path, async (s) => ({
      ...(await chapterAt('planned')(s)),
      bufferDays: 3,
    })),
  },
  // calendar: the caller's own feed; the feed itself is behind its secret URL alone
  {
    route: routeLabel(contract.calendar.status),
    call: () => ({ method: 'GET', url: contract.calendar.status.path }),
  },
  {
    route: routeLabel(contract.calendar.make),
    call: () => ({ url: contract.calendar.make.path, body: { lang: 'ja' } }),
  },
  {
    route: routeLabel(contract.calendar.stop),
    call: () => ({ url: contract.calendar.stop.path }),
  },
  {
    route: routeLabel(contract.calendar.feed),
    name: 'through its secret URL',
    binary: true,
    call: async (s) => ({ method: 'GET', url: await calendarFeedLink(s) }),
  },
  {
    route: routeLabel(contract.calendar.feed),
    name: 'with a wrong token',
    call: () => ({ method: 'GET', url: contract.calendar.feed.path, query: { token: 'not-a-feed' } }),
    expect: everyone(404),
  },
  {
    route: routeLabel(contract.uploads.rendition),
    name: 'a page thumbnail through its signed link',
    binary: true,
    call: async (s) => ({ method: 'GET', url: await thumbLink(s) }),
  },
  {
    route: routeLabel(contract.uploads.rendition),
    name: 'a page thumbnail with a signature of another folder',
    call: async (s) => ({ method: 'GET', url: await forgedThumbLink(s) }),
    expect: everyone(404),
  },
  {
    route: routeLabel(contract.workflow.zip),
    binary: true,
    call: async (s) => {
      const chapter = await chapterAt('done')(s);
      const res = await call(t, contract.workflow.downloadZip, { ...chapter, link: true }, s.founder.token);
      return signedGet(res.body.data.downloadUrl);
    },
  },
  // print specification and preflight (docs/print.md): the founder writes, members read
  {
    route: routeLabel(contract.print.projectSpec),
    call: (s) => ({ url: contract.print.projectSpec.path, body: { projectId: s.projectId } }),
  },
  {
    route: routeLabel(contract.print.saveProjectSpec),
    // The founder's spec goes on a project of its own: on A it would gate A's final audit later.
    fresh: true,
    call: async (s, as) => ({
      url: contract.print.saveProjectSpec.path,
      body: {
        // The editorial side sets it on a fresh project they are editorial in.
        projectId: !as
          ? s.projectId
          : as.id === s.founder.id
            ? await freshProject(t, s)
            : await freshProjectWith(t, s, as),
        spec: { preset: 'tankobonB6', colour: 'mono', dpi: 600 },
      },
    }),
  },
  {
    route: routeLabel(contract.print.chapterSpec),
    call: async (s) => ({ url: contract.print.chapterSpec.path, body: chapterOf(await draftChapter(t, s)) }),
  },
  {
    route: routeLabel(contract.print.saveChapterSpec),
    call: async (s) => ({
      url: contract.print.saveChapterSpec.path,
      body: {
        ...chapterOf(await draftChapter(t, s)),
        spec: { preset: 'doujinA5', colour: 'gray', dpi: 600 },
      },
    }),
  },
  {
    route: routeLabel(contract.print.preflight),
    call: postTo(contract.print.preflight.path, chapterAt('done')),
  },
  {
    route: routeLabel(contract.print.acceptErrors),
    // The chapter has no print specification, so nothing to accept: the editor in charge gets 409.
    expect: { editor: 409 },
    call: postTo(contract.print.acceptErrors.path, chapterAt('done')),
  },
  {
    route: routeLabel(contract.print.delivery),
    // The chapter is not 校了 yet: the founder and the editor in charge get as far as 409.
    expect: { founder: 409, editor: 409 },
    call: async (s) => ({
      url: contract.print.delivery.path,
      body: { ...(await chapterAt('done')(s)), format: 'asHandedIn' },
    }),
  },
  {
    route: routeLabel(contract.print.deliveryFile),
    name: "a delivery link carrying the signature of the chapter's manuscript zip",
    call: async (s) => {
      const chapter = await chapterAt('done')(s);
      const res = await call(t, contract.workflow.downloadZip, { ...chapter, link: true }, s.founder.token);
      const zip = signedGet(res.body.data.downloadUrl);
      return { ...zip, url: contract.print.deliveryFile.path, query: { ...zip.query, format: 'tiff' } };
    },
    expect: everyone(404),
  },
];

/** A GET of a signed link, its numbers as numbers, so that the ids in the link are swapped like any other. */
function signedGet(downloadUrl: string): Call {
  const link = new URL(downloadUrl, 'http://koma.test');
  const query = [...link.searchParams].map(([k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v]);
  return { method: 'GET', url: link.pathname, query: Object.fromEntries(query) };
}

const newMark = (m: { projectId: number; pageId: number; revisionId: number }) => ({
  projectId: m.projectId,
  pageId: m.pageId,
  revisionId: m.revisionId,
  shape: { type: 'arrow', from: [2, 2], to: [20, 20] },
  comment: '吹き出しの向き',
});
const markMove = (m: { projectId: number; markId: number }, state: string) => ({
  projectId: m.projectId,
  markId: m.markId,
  state,
});

function everyone(status: number): Record<Actor, number> {
  return Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<Actor, number>;
}

// --- expectations from the declaration -------------------------------------------------------

const MEMBERS_OF_A: Actor[] = ['member', 'assistant', 'inviter', 'editor', 'deputy', 'chief', 'founder'];
/** The editorial seats (docs/access.md, "Editorial seats"): editor accounts, members of A. */
const SEATS: Actor[] = ['deputy', 'chief'];
/** The editorial desk: the editor in charge and the seats. */
const DESK: Actor[] = ['editor', ...SEATS];

function expected(row: Row, who: string, actor: Actor): number {
  // A seat holder is an editor account and a member of A, as the editor in charge is: where a row
  // expects the editor in charge to meet the object's state (409) or to be refused as an editor
  // account or a non-founder, so are they.
  const own = row.expect?.[actor] ?? (SEATS.includes(actor) ? row.expect?.editor : undefined);
  if (own !== undefined) return own;
  // No actor holds a guest token (the guest is walked below, "a review link's guest").
  if (who === Who.GUEST) return 401;
  if (who === Who.PUBLIC || who === Who.SIGNED_LINK) return 200;
  if (actor === 'anonymous') return 401;
  if (who === Who.USER) return 200;
  if (who === Who.OWNER) return actor === row.owner ? 200 : 404;
  if (!MEMBERS_OF_A.includes(actor)) return 404;
  switch (who) {
    case Who.MEMBER:
      return 200;
    case Who.CREATOR:
      return DESK.includes(actor) ? 403 : 200;
    case Who.APPROVER:
      return actor === 'founder' || actor === 'member' ? 200 : 403;
    case Who.ASSIGNEE:
      return actor === (row.assignee ?? 'member') ? 200 : 403;
    case Who.REVIEWER:
      return reviewersOf(row).includes(actor) ? 200 : 403;
    case Who.ASSIGNEE_OR_REVIEWER:
      return [...reviewersOf(row), row.assignee ?? 'member'].includes(actor) ? 200 : 403;
    case Who.EDITOR_IN_CHARGE:
      return actor === 'editor' ? 200 : 403;
    case Who.EDITORIAL_DESK:
      return DESK.includes(actor) ? 200 : 403;
    case Who.SIGN_OFF:
      return actor === 'editor' || actor === 'chief' ? 200 : 403;
    case Who.EDITORIAL:
      return actor === 'founder' || DESK.includes(actor) ? 200 : 403;
    case Who.FOUNDER:
      return actor === 'founder' ? 200 : 403;
    case Who.FOUNDER_OR_EDITOR:
      return actor === 'founder' || actor === 'editor' ? 200 : 403;
    case Who.INVITER:
      return actor === 'founder' || actor === 'inviter' ? 200 : 403;
    default:
      throw new Error(`no expectation for ${who}`);
  }
}

function reviewersOf(row: Row): Actor[] {
  if (!row.reviewers) throw new Error(`${row.route}: a reviewer row names its reviewers`);
  // What the editor in charge judges, the whole editorial desk judges.
  return row.reviewers.includes('editor') ? [...row.reviewers, ...SEATS] : row.reviewers;
}

// --- sending ---------------------------------------------------------------------------------

interface Answer {
  http: number;
  status: number | undefined;
  info: string;
}

/** The call each row built for its refused callers, walked again by the review link's guest. */
const sharedCalls = new Map<Row, Call>();

/** What the walk did, for the closing check and the run's figures. */
const walked = { calls: 0, swapped: 0 };

async function send(call: Call, as: Account | null, extra: Record<string, string> = {}): Promise<Answer> {
  walked.calls += 1;
  const token = call.token ?? as?.token;
  const headers: Record<string, string> = token ? { token, ...extra } : { ...extra };
  let payload: string | Buffer | object | undefined = call.body;
  if (call.form) {
    const parts = Object.entries(call.form).map(([name, value]) => ({ name, value: String(value) }));
    const body = multipartBody([...parts, { name: 'file', filename: 'page.png', data: await image('png') }]);
    payload = body.payload;
    Object.assign(headers, body.headers);
  }
  const method = call.method ?? 'POST';
  if (call.url === contract.notices.stream.path) return streamAnswer(token);
  const res = await t.app.inject({ method, url: call.url, query: stringify(call.query), payload, headers });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
  return { http: res.statusCode, status: json?.status, info: json?.info ?? '' };
}

const stringify = (q?: Record<string, string | number>) =>
  q && Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

/** The event stream never ends: opened over a real socket, its status read, then closed. */
async function streamAnswer(token: string | undefined): Promise<Answer> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/notice/stream`, {
    headers: token ? { cookie: `${COOKIE.token}=${token}` } : {},
    signal: abort.signal,
  });
  const json = res.headers.get('content-type')?.includes('json') ? await res.json() : undefined;
  abort.abort();
  return { http: res.status, status: json?.status, info: json?.info ?? '' };
}

function assertAnswer(answer: Answer, want: number, label: string, binary = false) {
  expect(answer.http, `${label}: ${answer.info}`).toBe(want);
  // The envelope's own status: 50014 for a missing login (the web app's logged-out dialog).
  if (answer.status !== undefined || !(binary && want === 200))
    expect(answer.status, `${label}: envelope status`).toBe(want === 401 ? 50014 : want);
}

// --- swapping ids ---------------------------------------------------------------------------

const ID_FIELD = /(^id$|Id$|id$|^uid$|Uid$)/;
const NOT_AN_ID = new Set(['posId', 'checkStatus']);

/** Every id field of a call, as a path into its body, query or form. */
function idPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => idPaths(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      typeof v === 'number' && ID_FIELD.test(k) && !NOT_AN_ID.has(k)
        ? [[...path, k]]
        : typeof v === 'object'
          ? idPaths(v, [...path, k])
          : [],
    );
  return [];
}

function at(obj: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], obj);
}

function withValue<T>(obj: T, path: (string | number)[], value: unknown): T {
  const copy = structuredClone(obj);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = value;
  return copy;
}

/** Variants of call `a` with `b`'s value in each id field, then in all of them. */
function swaps(a: Call, b: Call): { field: string; call: Call }[] {
  const parts = { body: a.body, query: a.query, form: a.form };
  const paths = idPaths(parts).filter(
    (p) => at(parts, p) !== at({ body: b.body, query: b.query, form: b.form }, p),
  );
  const bParts = { body: b.body, query: b.query, form: b.form };
  const variants = paths.map((p) => ({
    field: String(p.filter((k) => typeof k === 'string').at(-1)),
    parts: withValue(parts, p, at(bParts, p)),
  }));
  if (paths.length > 1)
    variants.push({ field: '*', parts: paths.reduce((acc, p) => withValue(acc, p, at(bParts, p)), parts) });
  return variants.map(({ field, parts: x }) => ({ field, call: { ...a, ...x } }));
}

// --- the world ----------------------------------------------------------------------------

let t: TestApp;
let w: World;
let baseUrl: string;
let declared: DeclaredRoute[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  declared = t.app.declaredRoutes;
  w = await buildWorld(t);
  await prepareMarkedPages(t, w);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** A project body: with `as`, a new project of theirs; else `s`'s project as it is stored. */
async function projectBodyOf(as: Account | null, s?: Side) {
  const icon = as ? await coverOf(t, as) : s ? await currentIcon(s) : '/api/files/none.png';
  return {
    icon,
    title: '月の庭',
    // A serial, as the world's projects are (editing A must not make it a one-shot).
    kind: 2,
    type: 1,
    creativecap: [1],
    typeb: [5, 6],
    content: '二人の物語。',
  };
}

async function currentIcon(s: Side): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${contract.projects.detail.path}?proId=${s.projectId}`,
    headers: { token: s.founder.token },
  });
  return res.json().data.icon;
}

async function chapterBodyOf(s: Side) {
  return {
    projectId: s.projectId,
    title: '第2話',
    page: '1',
    icon: await coverOf(t, s.founder),
    scriptAt: dayFromToday(7),
    checkAt: dayFromToday(30),
  };
}

async function fileLink(s: Side): Promise<string> {
  const res = await call(
    t,
    contract.folders.link,
    { projectId: s.projectId, dirId: s.dirId, fileId: s.fileId },
    s.founder.token,
  );
  const url = new URL(res.body.data.downloadUrl, 'http://koma.test');
  return `${url.pathname}${url.search}`;
}

/** A calendar feed URL of `s`'s founder, as the founder got it from makeFeed. */
async function calendarFeedLink(s: Side): Promise<string> {
  const res = await call(t, contract.calendar.make, { lang: 'ja' }, s.founder.token);
  const url = new URL(res.body.data.url);
  return `${url.pathname}${url.search}`;
}

/** The thumbnail of a finished page of `s`, once the rendering jobs are done. */
async function thumbLink(s: Side): Promise<string> {
  const chapter = await chapterAt('done')(s);
  const thumb = async () => {
    const { pages } = (await call(t, contract.workflow.viewer, chapter, s.founder.token)).body.data;
    return (pages as ViewerPage[])[0]?.revisions.at(-1)?.renditions.thumb ?? '';
  };
  // Waits for this page's thumbnail alone ('' until made): waiting for the whole queue also waited
  // for every render job the other rows had stored, past the row's time on a busy machine.
  for (const deadline = Date.now() + 25_000; Date.now() < deadline; await sleep(100)) {
    const link = await thumb();
    if (link) return link;
  }
  throw new Error('the page thumbnail was not made within 25 s');
}

/** The one-click unsubscribe token of the founder's board notice mails. */
async function unsubscribeLink(s: Side): Promise<string> {
  return unsubscribeToken(s.founder.id, 'board_post', await fileUrlSecret(t.app.deps.db));
}

/** A thumbnail link whose signature is that of another page's folder. */
async function forgedThumbLink(s: Side): Promise<string> {
  const link = await thumbLink(s);
  const other = await thumbLink(s === w.a ? w.b : w.a);
  const [exp, sig] = other.split('/').slice(3, 5);
  const parts = link.split('/');
  parts.splice(3, 2, exp as string, sig as string);
  return parts.join('/');
}

/** A chapter of `s` for the review-link rows, made once per side. */
const reviewChapters = new Map<Side, Promise<{ projectId: number; chapterId: number }>>();
function reviewChapterOf(s: Side) {
  let chapter = reviewChapters.get(s);
  if (!chapter) {
    chapter = draftChapter(t, s).then(chapterOf);
    reviewChapters.set(s, chapter);
  }
  return chapter;
}

/** A new review link to that chapter, made by `s`'s founder: its id and token. */
async function reviewLink(s: Side): Promise<{ id: number; token: string }> {
  const res = await call(t, contract.reviewLinks.make, await reviewChapterOf(s), s.founder.token);
  return { id: res.body.data.id, token: new URL(res.body.data.url).hash.slice(1) };
}

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** Routes without a row (HEAD routes follow their GET). */
export function missingRows(routes: { method: string; url: string }[], rows: { route: string }[]): string[] {
  const covered = new Set(rows.map((r) => r.route));
  return routes
    .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
    .map(routeKey)
    .filter((k) => !covered.has(k));
}

describe('the authorization matrix', () => {
  it('has a row for every registered API route, and a route without `who` stops the start', async () => {
    expect(declared.length).toBeGreaterThan(80);
    expect(missingRows(declared, ROWS)).toEqual([]);
    // The check itself: a route the table does not know is reported.
    expect(missingRows([...declared, { method: 'POST', url: '/api/new/call' }], ROWS)).toEqual([
      'POST /api/new/call',
    ]);
    // And rows for routes that no longer exist are stale.
    const known = new Set(declared.map(routeKey));
    expect(ROWS.map((r) => r.route).filter((k) => !known.has(k))).toEqual([]);

    const app = Fastify();
    await app.register(routeDeclarationsPlugin);
    app.post('/api/undeclared', async () => 'x');
    app.get('/api/open', { config: { who: Who.PUBLIC } }, async () => 'x');
    await expect(app.ready()).rejects.toThrow(
      /POST \/api\/undeclared declares no config.who.*GET,HEAD \/api\/open is public but not Access.PUBLIC|POST \/api\/undeclared declares no config.who/,
    );
    const fine = Fastify();
    await fine.register(routeDeclarationsPlugin);
    fine.get('/api/open', { config: { who: Who.PUBLIC, access: Access.PUBLIC } }, async () => 'x');
    fine.get('/elsewhere', async () => 'x');
    await fine.ready();
    expect(fine.declaredRoutes.map(routeKey)).toContain('GET /api/open');
  });

  it('declares the API docs public', () => {
    const docs = declared.filter((r) => r.url.startsWith('/api/docs'));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((r) => r.who === Who.PUBLIC)).toBe(true);
  });

  it.each(ROWS.map((row) => [`${row.route}${row.name ? ` (${row.name})` : ''}`, row] as const))(
    '%s',
    async (_, row) => {
      const [method, url] = row.route.split(' ') as [string, string];
      const who = declared.find((r) => r.method === method && r.url === url)?.who as string;
      const want = (actor: Actor) => expected(row, who, actor);
      const refused = ACTORS.filter((a) => want(a) >= 300);
      const allowed = ACTORS.filter((a) => want(a) < 300);
      const shared = row.perActor ? null : await row.call(w.a, null);
      if (shared) sharedCalls.set(row, shared);
      for (const actor of refused) {
        const as = accountOf(w, actor);
        const call = shared ?? (await row.call(w.a, as));
        assertAnswer(await send(call, as), want(actor), `${actor} calling ${row.route}`, row.binary);
      }
      const sharedB = row.swap === false || row.perActor ? null : await row.call(w.b, null);
      for (const actor of allowed) {
        const as = accountOf(w, actor);
        // A fresh row's allowed calls act on objects of their own, never the world's.
        const call = row.perActor || row.fresh ? await row.call(w.a, as) : (shared as Call);
        if (row.swap !== false) {
          const b = sharedB ?? (await row.call(w.b, as));
          for (const variant of swaps(call, b)) {
            const status = (row.swap as Record<string, number> | undefined)?.[variant.field] ?? 404;
            walked.swapped += 1;
            const answer = await send(variant.call, as);
            assertAnswer(answer, status, `${actor} calling ${row.route} with B's ${variant.field}`);
          }
        }
        assertAnswer(await send(call, as), want(actor), `${actor} calling ${row.route}`, row.binary);
      }
    },
  );

  it('walked every row with every actor and swapped ids', () => {
    // Guards the walk itself: a runner that silently skipped actors or swaps would pass otherwise.
    expect(walked.calls).toBeGreaterThan(ROWS.length * ACTORS.length);
    expect(walked.swapped).toBeGreaterThan(250);
    console.info(
      `authorization matrix: ${ROWS.length} rows, ${walked.calls} calls, ${walked.swapped} with swapped ids`,
    );
  });

  it('HEAD routes answer like their GET', async () => {
    const heads = declared.filter(
      (r) => r.method === 'HEAD' && r.url !== contract.notices.stream.path && !r.url.startsWith('/api/docs'),
    );
    expect(heads.length).toBeGreaterThan(0);
    for (const head of heads) {
      const row = ROWS.find((r) => r.route === `GET ${head.url}`) as Row;
      const who = declared.find((r) => r.method === 'GET' && r.url === head.url)?.who as string;
      for (const actor of ['anonymous', 'stranger'] as const) {
        const as = accountOf(w, actor);
        // Built per caller where the row is (HEAD /admin/logout ends a second session, not the actor's).
        const call = await row.call(w.a, row.perActor ? as : null);
        const token = call.token ?? as?.token;
        const res = await t.app.inject({
          method: 'HEAD',
          url: call.url,
          query: stringify(call.query),
          headers: token ? { token } : {},
        });
        expect(res.statusCode, `HEAD ${head.url} by ${actor}`).toBe(expected(row, who, actor));
      }
    }
  });

  it('a HEAD of the logout link (a prefetcher, a monitor) leaves the session alone', async () => {
    const { token } = w.a.stranger;
    const head = await t.app.inject({
      method: 'HEAD',
      url: contract.accounts.logout.path,
      headers: { token },
    });
    expect(head.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: contract.profiles.me.path, headers: { token } });
    expect(still.statusCode).toBe(200);
  });
});

/** Member calls that change nothing: the removed member's "before" answers. */
const READS = new Set([
  routeLabel(contract.chapters.list),
  routeLabel(contract.chapters.detail),
  routeLabel(contract.board.list),
  routeLabel(contract.folders.dirs),
  routeLabel(contract.folders.files),
  routeLabel(contract.folders.notes),
  routeLabel(contract.recruitment.applicants),
  routeLabel(contract.pages.list),
  routeLabel(contract.pages.notes),
  routeLabel(contract.workflow.positions),
  routeLabel(contract.workflow.plan),
  routeLabel(contract.workflow.pages),
  routeLabel(contract.workflow.page),
  routeLabel(contract.workflow.history),
  routeLabel(contract.workflow.comments),
  routeLabel(contract.marks.list),
  routeLabel(contract.marks.sheetLink),
  // print specification and preflight (docs/print.md)
  routeLabel(contract.print.projectSpec),
  routeLabel(contract.print.chapterSpec),
  routeLabel(contract.print.preflight),
]);

describe('a removed member', () => {
  // Walks every member route, each on a chapter of its own (about 60 calls before and after): past
  // the default 30 s on a CI machine running other test files at once.
  it('loses access at once: their very next call to each member route is refused', async () => {
    const s = w.a;
    const leaver = await account(t, 'creator');
    await join(t, s, leaver, 2);
    const projectScoped: string[] = [
      Who.MEMBER,
      Who.CREATOR,
      Who.APPROVER,
      Who.ASSIGNEE,
      Who.REVIEWER,
      Who.ASSIGNEE_OR_REVIEWER,
      Who.EDITOR_IN_CHARGE,
      Who.EDITORIAL_DESK,
      Who.SIGN_OFF,
      Who.EDITORIAL,
      Who.FOUNDER,
      Who.FOUNDER_OR_EDITOR,
    ];
    const rows = ROWS.filter((r) => {
      const [method, url] = r.route.split(' ');
      const who = declared.find((d) => d.method === method && d.url === url)?.who as string;
      return projectScoped.includes(who) && !r.perActor;
    });
    const calls: [Row, Call][] = [];
    for (const row of rows) calls.push([row, await row.call(s, null)]);
    // While a member (a main artist, like the matrix's member), the reading calls answer.
    const reads = calls.filter(([row]) => READS.has(row.route));
    expect(reads.length).toBe(READS.size);
    for (const [row, call] of reads) {
      assertAnswer(await send(call, leaver), 200, `${row.route} before the removal`, row.binary);
    }
    await removeMember(t, s.projectId, leaver.id);
    expect(calls.length).toBeGreaterThanOrEqual(50);
    for (const [row, call] of calls) {
      assertAnswer(await send(call, leaver), 404, `${row.route} after the removal`);
    }
  }, 120_000);
});

describe('the proposal file in the project detail', () => {
  // Members see it always; anyone else only while the project recruits (projects.service.ts).
  const MEMBERS: Actor[] = ['member', 'founder'];
  const cases = [
    { project: 'recruiting', seen: (_: Actor) => true },
    { project: 'quiet', seen: (a: Actor) => MEMBERS.includes(a) },
    { project: 'completed', seen: (a: Actor) => MEMBERS.includes(a) },
  ] as const;
  let projects: Awaited<ReturnType<typeof proposalProjects>>;
  beforeAll(async () => {
    projects = await proposalProjects(t, w.a);
  });

  it.each(cases)('$project project: a signed link for exactly those who may read it', async (c) => {
    const projectId = projects[c.project];
    for (const actor of ACTORS.filter((a) => a !== 'anonymous')) {
      const as = accountOf(w, actor) as Account;
      const res = await t.app.inject({
        method: 'GET',
        url: `${contract.projects.detail.path}?proId=${projectId}`,
        headers: { token: as.token },
      });
      expect(res.statusCode, actor).toBe(200);
      const { proposalUrl, proposals } = res.json().data;
      if (c.seen(actor)) expect(proposalUrl, `${actor} on ${c.project}`).toMatch(/[?&]sig=/);
      else
        expect({ proposalUrl, proposals }, `${actor} on ${c.project}`).toEqual({
          proposalUrl: '',
          proposals: '',
        });
    }
  });
});

describe('swapping ids', () => {
  it("puts B's value in each id field, nested ones included, then in all of them", () => {
    const a: Call = {
      url: '/x',
      body: { projectId: 1, posId: 2, pages: [{ pageId: 3, steps: [{ ownerUserId: 4 }] }] },
    };
    const b: Call = {
      url: '/x',
      body: { projectId: 10, posId: 20, pages: [{ pageId: 30, steps: [{ ownerUserId: 40 }] }] },
    };
    const variants = swaps(a, b);
    expect(variants.map((v) => v.field)).toEqual(['projectId', 'pageId', 'ownerUserId', '*']);
    expect(variants[1]?.call.body).toEqual({
      projectId: 1,
      posId: 2,
      pages: [{ pageId: 30, steps: [{ ownerUserId: 4 }] }],
    });
    expect(variants[3]?.call.body).toEqual({ ...b.body, posId: 2 });
    // Fields with the same value on both sides are no swap.
    expect(swaps({ url: '/x', query: { proId: 5 } }, { url: '/x', query: { proId: 5 } })).toEqual([]);
  });
});

describe("a review link's guest", () => {
  it('is refused by every call but its own: its guest token is no session in either header', async () => {
    const link = await reviewLink(w.a);
    const opened = await call(t, contract.review.open, { token: link.token, name: 'ゲスト' });
    const guest = opened.body.data.guestToken;
    const own = await t.app.inject({
      method: 'POST',
      url: contract.review.pages.path,
      headers: { [GUEST_HEADER]: guest },
    });
    expect(own.statusCode).toBe(200);
    const open = new Set<string>([Who.PUBLIC, Who.SIGNED_LINK, Who.GUEST]);
    const rows = ROWS.filter((row, i) => {
      const [method, url] = row.route.split(' ');
      const who = declared.find((d) => d.method === method && d.url === url)?.who as string;
      const first = ROWS.findIndex((r) => r.route === row.route) === i;
      return first && !row.perActor && !open.has(who);
    });
    expect(rows.length).toBeGreaterThan(80);
    for (const row of rows) {
      // The refused callers' call of the walk above: building again would upload anew.
      const built = sharedCalls.get(row);
      if (!built) throw new Error(`${row.route}: not walked`);
      const answer =
        built.url === contract.notices.stream.path
          ? await streamAnswer(guest)
          : await send({ ...built, token: guest }, null, { [GUEST_HEADER]: guest });
      assertAnswer(answer, 401, `the guest calling ${row.route}`, row.binary);
    }
  }, 120_000);
});
