import {
  CheckStatus,
  type dealProjectBody,
  InvitationStatus,
  isEditorialSeat,
  type Language,
  MemberKind,
  memberKindText,
  NoticeKind,
  POSITIONS,
  type ProjectDetailData,
  ProjectEventKind,
  type ProjectListItem,
  ProjectStatus,
  type ReadingDirection,
  Role,
  referenceName,
  UploadType,
} from '@koma/shared';
import type { z } from 'zod';
import { badInput, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import type { SessionUser } from '../accounts/sessions.service.js';
import { privateFileLink } from '../files/signed-url.js';
import { friendSetsFor } from '../friends/friend-sets.js';
import { beforeEditorTakesCharge, holdsCreatorPart } from '../invitations/invitation-rules.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import {
  type ListPictures,
  listPicturesOf,
  readRenditionsOfPath,
  renditionsFinal,
  renditionsOfRead,
} from '../renditions/rendition-links.js';
import { attachUploads, wakeRenders } from '../uploads/attach-uploads.js';
import { keyOfPath } from '../uploads/upload-names.js';
import { assertOwnUpload } from '../uploads/uploads.service.js';
import { isActiveEditor, searchEditors } from './editor-search.repository.js';
import { openingsFor } from './openings.js';
import type { ProjectActivity } from './project-activity.repository.js';
import { activityOf, cardProgress, projectActivityFor } from './project-cards.js';
import { completeProjectIn } from './project-completion.js';
import { projectDetailsFor } from './project-details-cache.js';
import type { ProjectAccess } from './projects.policy.js';
import * as repo from './projects.repository.js';
import { insertProjectEvent } from './team.repository.js';

type DealProjectInput = z.output<typeof dealProjectBody>;

export const positionNames = (ids: number[], lang: Language) =>
  ids.map((id) => ({ posid: id, position: referenceName(POSITIONS, id, lang) }));

type ProjectRows = Awaited<ReturnType<typeof repo.listProjects>>;
type ProjectRow = repo.ProjectRow;

/**
 * List items of projects, with the positions each recruits now and their production progress;
 * the most recently changed first.
 */
function listItems(
  rows: ProjectRows,
  activity: Map<number, ProjectActivity>,
  pictureOf: (path: string) => string,
  lang: Language,
): (ProjectListItem & { founderId: number })[] {
  return rows
    .map((r) => ({
      founderId: r.founderId,
      proId: r.id,
      title: r.title,
      image: pictureOf(r.icon),
      nick: r.nick,
      kind: r.kind,
      type: r.type,
      status: r.status,
      ...cardProgress(activity.get(r.id), r.updatedAt),
      recruit_pos: positionNames(r.recruiting, lang),
    }))
    .sort((a, b) => b.upTime.localeCompare(a.upTime) || b.proId - a.proId);
}

/** Ongoing projects and the others, without the founder field the panels do not show. */
function split(items: (ProjectListItem & { founderId: number })[]) {
  const list = items.map(({ founderId: _, ...item }) => item);
  return {
    goon: list.filter((p) => p.status === ProjectStatus.ONGOING),
    over: list.filter((p) => p.status !== ProjectStatus.ONGOING),
  };
}

export function createProjectsService(deps: Deps) {
  const { db } = deps;
  const listPictures: ListPictures = (paths) => listPicturesOf(deps, paths);
  const details = projectDetailsFor(db);

  /** Proposal files are private uploads: the detail hands out a short-lived signed link. */
  async function proposalUrl(path: string): Promise<string> {
    const key = path ? keyOfPath(path) : null;
    return key ? privateFileLink(deps, key) : '';
  }

  /**
   * The proposal fields of the detail, empty for a viewer who may not read the file: members
   * always may; anyone else only while the project is ongoing and either recruits or awaits
   * their answer (an application or an invitation), docs/files.md.
   */
  async function proposalFor(viewer: number, project: ProjectRow, isMember: boolean) {
    const none = { proposals: '', proposalfile: '', proposalUrl: '' };
    if (!project.proposals) return none;
    if (!isMember) {
      if (project.status !== ProjectStatus.ONGOING) return none;
      if (!(await repo.proposalOpenTo(db, project.id, viewer, tokyoDay()))) return none;
    }
    return {
      proposals: project.proposals,
      proposalfile: project.proposalfile,
      proposalUrl: await proposalUrl(project.proposals),
    };
  }

  /**
   * List items of projects with their progress and cover thumbnails, read once for all of them
   * (or as `pictures` shows them).
   */
  async function cards(rows: ProjectRows, lang: Language, pictures: ListPictures = listPictures) {
    const [activity, pictureOf] = await Promise.all([
      activityOf(
        db,
        rows.map((r) => r.id),
      ),
      pictures(rows.map((r) => r.icon)),
    ]);
    return listItems(rows, activity, pictureOf, lang);
  }

  /** A changed file must be the founder's own upload of the right type; an unchanged one stays. */
  async function ownFile(userId: number, path: string, current: string | undefined, type: number) {
    if (path === '' || path === current) return path;
    await assertOwnUpload(db, userId, path, [type]);
    return path;
  }

  return {
    async save(user: SessionUser, input: DealProjectInput): Promise<number> {
      const userId = user.id;
      // Only creator accounts found projects (docs/accounts.md, role 1).
      if (!input.projectId && !user.roles.includes(Role.AUTHOR)) throw forbidden();
      const current = input.projectId ? await repo.findProject(db, input.projectId) : undefined;
      if (input.projectId && !current) throw notFound();
      if (current && current.userId !== userId) throw forbidden();
      const fields = {
        title: input.title,
        icon: await ownFile(userId, input.icon, current?.icon, UploadType.COVER),
        kind: input.kind,
        type: input.type,
        genres: input.typeb,
        creativecap: input.creativecap,
        content: input.content,
        proposals: await ownFile(userId, input.proposals, current?.proposals, UploadType.FILE),
        proposalfile: input.proposals ? input.proposalfile : '',
      };
      // A new cover is rendered once it is the project's (uploads/attach-uploads.ts).
      const changed = (path: string, before?: string) => (path !== before ? [keyOfPath(path) ?? ''] : []);
      const put = [...changed(fields.icon, current?.icon), ...changed(fields.proposals, current?.proposals)];
      const { projectId, queued } = await db.transaction(async (tx) => {
        const projectId = current?.id ?? (await repo.insertProject(tx, { ...fields, userId }));
        if (current && !(await repo.updateProject(tx, current.id, userId, fields))) throw notFound();
        return { projectId, queued: await attachUploads(tx, deps.jobs, projectId, put) };
      });
      wakeRenders(deps.jobs, queued);
      if (!current) return projectId;
      details.delete(current.id);
      projectActivityFor(db).delete(current.id);
      openingsFor(db).markStale();
      return current.id;
    },

    async list(userId: number, mine: boolean, keyword: string, lang: Language) {
      return split(await cards(await repo.listProjects(db, userId, mine ? 'mine' : 'joined', keyword), lang));
    },

    /**
     * The founded and the joined projects at once (one query for both dashboard panels); covers
     * as `pictures` shows them, as in cards.
     */
    async mineAndJoined(userId: number, lang: Language, pictures?: ListPictures) {
      const all = await cards(await repo.listProjects(db, userId, 'both', ''), lang, pictures);
      return {
        mine: split(all.filter((p) => p.founderId === userId)),
        joined: split(all.filter((p) => p.founderId !== userId)),
      };
    },

    /** The progress and last change of projects shown as cards elsewhere (recommendations). */
    progressOf(projectIds: number[]): Promise<Map<number, ProjectActivity>> {
      return activityOf(db, projectIds);
    },

    /** The detail tab is readable by any logged-in user (applicants read it); operations are not. */
    async detail(viewer: number, projectId: number, lang: Language): Promise<ProjectDetailData> {
      const found = await details.fetch(projectId);
      if (!found) throw notFound();
      const { project, founderNick, members, inviters } = found;
      // The kept cover only once final: a pending one may be rendered any moment.
      const cover = renditionsFinal(found.cover)
        ? found.cover
        : await readRenditionsOfPath(deps, project.icon);
      const friends = await friendSetsFor(db).forceFetch(viewer);
      const editorRow = members.find((m) => m.kind === MemberKind.EDITOR);
      const editor = editorRow ? { uid: editorRow.userId, nick: editorRow.nickname } : undefined;
      type Member = {
        kind: number;
        positions: number[];
        parts: ProjectDetailData['users'][number]['parts'];
        nickname: string;
        pic: string;
        isFriend: boolean;
      };
      const byUser = new Map<number, Member>();
      for (const m of members) {
        const entry = byUser.get(m.userId) ?? {
          kind: m.kind,
          positions: [],
          parts: [],
          nickname: m.nickname,
          pic: m.pic,
          isFriend: friends.has(m.userId),
        };
        entry.kind = Math.min(entry.kind, m.kind);
        if (m.positionId > 0) entry.positions.push(m.positionId);
        if (m.kind === MemberKind.MEMBER)
          entry.parts.push({
            pos_id: m.positionId,
            position: referenceName(POSITIONS, m.positionId, lang),
            chapter_id: m.chapterId,
            chapter_title: m.chapterTitle,
          });
        byUser.set(m.userId, entry);
      }
      const isMember = byUser.has(viewer) || project.userId === viewer;
      return {
        proId: project.id,
        title: project.title,
        icon: project.icon,
        renditions: await renditionsOfRead(deps, cover, lang),
        kind: project.kind,
        type: project.type,
        typeb: project.genres,
        creativecap: project.creativecap,
        ...(await proposalFor(viewer, project, isMember)),
        content: project.content,
        status: project.status,
        userid: project.userId,
        nick: founderNick,
        upTime: project.updatedAt.toISOString(),
        users: [...byUser].map(([userId, m]) => ({
          userId,
          userName: m.nickname,
          userImg: m.pic,
          kind: m.kind,
          role:
            m.positions.length > 0
              ? m.positions.map((p) => referenceName(POSITIONS, p, lang)).join('・')
              : memberKindText(m.kind, lang),
          positions: m.positions,
          parts: m.parts,
          isFriend: m.isFriend,
        })),
        editor: editor ?? null,
        isMember,
        isFounder: project.userId === viewer,
        // The founder, the editor in charge or a seat: ProjectAccess.isEditorial's rule, from the team.
        isEditorial:
          project.userId === viewer ||
          members.some(
            (m) => m.userId === viewer && (m.kind === MemberKind.EDITOR || isEditorialSeat(m.kind)),
          ),
        mayInvite: project.userId === viewer || (isMember && inviters.includes(viewer)),
        inviters: isMember ? inviters : [],
      };
    },

    /** How the page viewer turns the pages: a setting of the founder's that holds no state. */
    async setReadingDirection(founder: ProjectAccess, direction: ReadingDirection): Promise<void> {
      await repo.setReadingDirection(db, founder.projectId, direction);
    },

    async complete(founder: ProjectAccess, lang: Language): Promise<void> {
      const { projectId } = founder;
      const notices = await db.transaction(async (tx) => {
        const done = await completeProjectIn(deps, tx, { id: projectId, title: founder.title }, lang);
        if (!done) throw conflict();
        return done;
      });
      details.delete(projectId);
      projectActivityFor(db).delete(projectId);
      openingsFor(db).markStale();
      pushNotices(deps, notices);
    },

    /** Matched or befriended editors; with a keyword, any active editor by name or address. */
    async editorCandidates(founder: ProjectAccess, keyword: string) {
      return keyword ? searchEditors(db, keyword) : repo.editorCandidates(db, founder.founderId);
    },

    /**
     * Any active editor account may be invited (docs/departures.md: the spec listed only matched
     * or befriended ones); `message`, the founder's own words, follows the notice and its mail.
     */
    async inviteEditor(founder: ProjectAccess, editorId: number, message = ''): Promise<void> {
      const { projectId } = founder;
      if (await repo.editorOf(db, projectId)) throw conflict('editorAlreadyAssigned');
      if (!(await isActiveEditor(db, editorId))) throw badInput('invitationNotCandidate');
      if (await holdsCreatorPart(db, projectId, editorId)) throw conflict('editorHoldsPart');
      const inviter = await repo.findUserBrief(db, founder.founderId);
      const pending: PendingNotice[] = [
        {
          userId: editorId,
          kind: NoticeKind.INVITATION_RECEIVED,
          params: {
            nickname: inviter?.nickname ?? '',
            project: founder.title,
            ...(message ? { message } : {}),
          },
          target: noticeTarget.project(projectId),
        },
      ];
      await db.transaction(async (tx) => {
        await repo.replaceInvitation(tx, { projectId, editorId, message });
        await storeNotices(deps, tx, pending);
      });
      pushNotices(deps, pending);
    },

    /** The invited editor accepts (becomes the editor in charge) or refuses; answering twice is 409. */
    async answerInvitation(editorId: number, projectId: number, checkStatus: number): Promise<void> {
      const accept = checkStatus === CheckStatus.ACCEPT;
      const project = await repo.findProject(db, projectId);
      if (!project) throw notFound();
      const editor = await repo.findUserBrief(db, editorId);
      const pending: PendingNotice[] = [
        {
          userId: project.userId,
          kind: accept ? NoticeKind.INVITATION_ACCEPTED : NoticeKind.INVITATION_REFUSED,
          params: { nickname: editor?.nickname ?? '', project: project.title },
          target: noticeTarget.project(projectId),
        },
      ];
      await db.transaction(async (tx) => {
        const status = accept ? InvitationStatus.ACCEPTED : InvitationStatus.REFUSED;
        if (!(await repo.decideInvitation(tx, projectId, editorId, status))) {
          // Never invited: nothing to answer. Invited and already answered: the state changed.
          throw (await repo.hasInvitation(tx, projectId, editorId)) ? conflict() : notFound();
        }
        if (accept) {
          await beforeEditorTakesCharge(tx, projectId, editorId);
          if (await repo.editorOf(tx, projectId)) throw conflict('editorAlreadyAssigned');
          await repo.insertMember(tx, { projectId, userId: editorId, kind: MemberKind.EDITOR });
          await insertProjectEvent(tx, {
            projectId,
            kind: ProjectEventKind.MEMBER_JOINED,
            actorId: editorId,
          });
        }
        await storeNotices(deps, tx, pending);
      });
      if (accept) details.delete(projectId);
      pushNotices(deps, pending);
    },
  };
}
