import {
  AccountStatus,
  ApplicationStatus,
  InvitationStatus,
  LoginAttr,
  MemberKind,
  PairState,
  ProjectStatus,
  type ReadingDirection,
  TeamInvitationStatus,
} from '@koma/shared';
import { and, desc, eq, gt, ilike, inArray, ne, or, type Placeholder, sql } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { tokyoDay } from '../../lib/calendar.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { containsPattern } from '../../lib/sql-helpers.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { friendships } from '../friends/friends.table.js';
import { teamInvitations } from '../invitations/invitations.table.js';
import { projectInviters } from '../invitations/inviters.table.js';
import { pairs } from '../matching/matching.table.js';
import { applications, recruitmentPositions, recruitments } from '../recruitment/recruitment.table.js';
import { hiredCount, ongoingOn } from '../recruitment/recruitment-state.js';
import { editorInvitations, projectMembers, projects } from './projects.table.js';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

export async function findProject(db: Executor, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

export async function memberIdsOf(db: Executor, projectId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.userId);
}

export async function insertProject(db: Executor, project: NewProject): Promise<number> {
  const [row] = await db.insert(projects).values(project).returning({ id: projects.id });
  if (!row) throw new Error('insert returned no row');
  await db
    .insert(projectMembers)
    .values({ projectId: row.id, userId: project.userId, kind: MemberKind.FOUNDER });
  return row.id;
}

/** Edits a project of this founder; false when it is not theirs (or gone). */
export async function updateProject(
  db: Executor,
  id: number,
  founderId: number,
  fields: Omit<NewProject, 'userId' | 'id'>,
): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(projects.id, id), eq(projects.userId, founderId)))
    .returning({ id: projects.id });
  return rows.length === 1;
}

export async function completeProject(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ status: ProjectStatus.COMPLETED, updatedAt: sql`now()` })
    .where(and(eq(projects.id, id), eq(projects.status, ProjectStatus.ONGOING)))
    .returning({ id: projects.id });
  return rows.length === 1;
}

/**
 * Whether the project is ongoing, share-locked until the transaction ends when it is: what adds to
 * a project (a recruitment, a chapter, an application, a member) holds it, so that completing the
 * project waits for it or, having completed first, makes it fail (docs/recruitment.md).
 */
export async function lockOngoingProject(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.status, ProjectStatus.ONGOING)))
    .for('share');
  return rows.length === 1;
}

/**
 * Projects founded by (mine), joined by (not founded), or either (both) a user, newest change
 * first; `founderId` tells which is which.
 */
type ProjectListScope = 'mine' | 'joined' | 'both';

function projectListQuery(
  db: Executor,
  userId: number | Placeholder,
  today: string | Placeholder,
  which: ProjectListScope,
  keyword: string,
) {
  const joined = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, userId), ne(projectMembers.kind, MemberKind.FOUNDER)));
  const isJoined = and(inArray(projects.id, joined), ne(projects.userId, userId));
  const mine = eq(projects.userId, userId);
  // Either: one list of ids from two indexed lookups (an OR of the two would read every project).
  const either = inArray(
    projects.id,
    union(
      db.select({ id: projects.id }).from(projects).where(mine),
      db
        .select({ id: projectMembers.projectId })
        .from(projectMembers)
        .where(eq(projectMembers.userId, userId)),
    ),
  );
  return db
    .select({
      id: projects.id,
      founderId: projects.userId,
      title: projects.title,
      icon: projects.icon,
      kind: projects.kind,
      type: projects.type,
      status: projects.status,
      nick: users.nickname,
      updatedAt: projects.updatedAt,
      // What it recruits now: the open positions of its ongoing recruitments (project or chapter).
      recruiting: sql<number[]>`coalesce((select array_agg(distinct ${recruitmentPositions.positionId}
        order by ${recruitmentPositions.positionId}) from ${recruitments}
        join ${recruitmentPositions} on ${recruitmentPositions.recruitmentId} = ${recruitments.id}
        where ${recruitments.projectId} = ${projects.id} and ${ongoingOn(today)}
          and ${recruitmentPositions.num} > ${hiredCount}), '{}')`,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(
      and(
        which === 'mine' ? mine : which === 'joined' ? isJoined : either,
        keyword ? ilike(projects.title, containsPattern(keyword)) : undefined,
      ),
    )
    .orderBy(desc(projects.updatedAt), desc(projects.id));
}

// The dashboard reads both lists on every visit: built and planned once.
const projectsOfUser = preparedPerDatabase((db) =>
  projectListQuery(db, sql.placeholder('userId'), sql.placeholder('today'), 'both', '').prepare(
    'projects_of_user',
  ),
);

export async function listProjects(db: Executor, userId: number, which: ProjectListScope, keyword: string) {
  const today = tokyoDay();
  if (which === 'both' && !keyword) return projectsOfUser(db).execute({ userId, today });
  return projectListQuery(db, userId, today, which, keyword);
}

const m = alias(projectMembers, 'm');
const member = alias(users, 'member');

export interface ProjectMemberRow {
  userId: number;
  nickname: string;
  pic: string;
  kind: number;
  positionId: number;
  /** The chapter a part is held for; null for the whole project (and the founder, the editor). */
  chapterId: number | null;
  chapterTitle: string | null;
}

/**
 * The project detail tab is read far more than anything else of a project: the project, its
 * founder's nickname and every membership (one per position held, founder and editor first) with
 * the member and the title of the chapter a part is held for, and the members allowed to invite, in one prepared query (see preparedPerDatabase). It is the same for every viewer,
 * so the service may keep it a moment (project-details-cache.ts); friendship is read apart.
 */
const projectDetail = preparedPerDatabase((db) =>
  db
    .select({
      project: projects,
      founderNick: users.nickname,
      members: sql<ProjectMemberRow[]>`coalesce((
        select json_agg(json_build_object('userId', ${member.id}, 'nickname', ${member.nickname},
          'pic', ${member.pic}, 'kind', ${m.kind}, 'positionId', ${m.positionId},
          'chapterId', ${m.chapterId}, 'chapterTitle', ${chapters.title})
          order by ${m.kind}, ${m.createdAt})
        from ${projectMembers} as ${sql.identifier('m')}
        join ${users} as ${sql.identifier('member')} on ${member.id} = ${m.userId}
        left join ${chapters} on ${chapters.id} = ${m.chapterId}
        where ${m.projectId} = ${projects.id}), '[]'::json)`,
      inviters: sql<number[]>`coalesce((
        select json_agg(${projectInviters.userId}) from ${projectInviters}
        where ${projectInviters.projectId} = ${projects.id}), '[]'::json)`,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1)
    .prepare('project_detail'),
);

/** A project with its founder's nickname and its members; undefined when there is none. */
export async function findProjectDetail(db: Executor, projectId: number) {
  const [row] = await projectDetail(db).execute({ projectId });
  return row;
}

export async function findUserBrief(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      pic: users.pic,
      loginattr: users.loginattr,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

// --- editor in charge ------------------------------------------------------------------------

/** Editors the founder has agreed a pairing with or is friends with (docs/states.md, editor invitation). */
export async function editorCandidates(db: Executor, founderId: number) {
  const paired = db
    .select({
      id: sql<number>`case when ${pairs.fromUserId} = ${founderId} then ${pairs.toUserId} else ${pairs.fromUserId} end`,
    })
    .from(pairs)
    .where(
      and(
        eq(pairs.state, PairState.AGREED),
        or(eq(pairs.fromUserId, founderId), eq(pairs.toUserId, founderId)),
      ),
    );
  const friends = db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(eq(friendships.userId, founderId));
  return db
    .select({ uid: users.id, nick: users.nickname, pic: users.pic })
    .from(users)
    .where(
      and(
        eq(users.loginattr, LoginAttr.EDITOR),
        eq(users.status, AccountStatus.ACTIVE),
        or(inArray(users.id, paired), inArray(users.id, friends)),
      ),
    )
    .orderBy(users.nickname);
}

export async function editorOf(db: Executor, projectId: number) {
  const [row] = await db
    .select({ uid: users.id, nick: users.nickname })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.kind, MemberKind.EDITOR)))
    .limit(1);
  return row;
}

/** A new invitation replaces any open one of the project. */
export async function replaceInvitation(
  db: Executor,
  invitation: { projectId: number; editorId: number; message: string },
): Promise<void> {
  const { projectId } = invitation;
  await db
    .delete(editorInvitations)
    .where(
      and(eq(editorInvitations.projectId, projectId), eq(editorInvitations.status, InvitationStatus.PENDING)),
    );
  await db.insert(editorInvitations).values(invitation);
}

/** Answers the open invitation addressed to this editor; undefined when there is none any more. */
export async function decideInvitation(db: Executor, projectId: number, editorId: number, status: number) {
  const [row] = await db
    .update(editorInvitations)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        eq(editorInvitations.projectId, projectId),
        eq(editorInvitations.editorId, editorId),
        eq(editorInvitations.status, InvitationStatus.PENDING),
      ),
    )
    .returning();
  return row;
}

export async function insertMember(
  db: Executor,
  member: { projectId: number; userId: number; kind: number; positionId?: number; chapterId?: number | null },
): Promise<void> {
  await db.insert(projectMembers).values(member).onConflictDoNothing();
}

export async function pendingInvitationsOf(db: Executor, editorId: number, limit: number, offset: number) {
  return db
    .select({
      projectId: projects.id,
      title: projects.title,
      founderId: users.id,
      founderNick: users.nickname,
      message: editorInvitations.message,
    })
    .from(editorInvitations)
    .innerJoin(projects, eq(projects.id, editorInvitations.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .where(
      and(eq(editorInvitations.editorId, editorId), eq(editorInvitations.status, InvitationStatus.PENDING)),
    )
    .orderBy(desc(editorInvitations.id))
    .limit(limit)
    .offset(offset);
}

export async function countPendingInvitations(db: Executor, editorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(editorInvitations)
    .where(
      and(eq(editorInvitations.editorId, editorId), eq(editorInvitations.status, InvitationStatus.PENDING)),
    );
  return row?.n ?? 0;
}

export async function hasInvitation(db: Executor, projectId: number, editorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: editorInvitations.id })
    .from(editorInvitations)
    .where(and(eq(editorInvitations.projectId, projectId), eq(editorInvitations.editorId, editorId)))
    .limit(1);
  return !!row;
}

/**
 * Whether a non-member may read the project's proposal (docs/files.md): the project recruits
 * now (an ongoing project or chapter recruitment), or the user has an application, an editor
 * invitation or a team invitation to it still waiting for an answer.
 */
function proposalOpenQuery(db: Executor, projectId: Placeholder, userId: Placeholder, today: Placeholder) {
  const recruiting = db
    .select({ id: recruitments.id })
    .from(recruitments)
    .where(and(eq(recruitments.projectId, projectId), ongoingOn(today)));
  const applying = db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.projectId, projectId),
        eq(applications.userId, userId),
        eq(applications.status, ApplicationStatus.PENDING),
      ),
    );
  const invited = db
    .select({ id: editorInvitations.id })
    .from(editorInvitations)
    .where(
      and(
        eq(editorInvitations.projectId, projectId),
        eq(editorInvitations.editorId, userId),
        eq(editorInvitations.status, InvitationStatus.PENDING),
      ),
    );
  // A team invitation waiting for the user's answer (docs/access.md, "Inviting"): they decide on it.
  const teamInvited = db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.projectId, projectId),
        eq(teamInvitations.inviteeId, userId),
        eq(teamInvitations.status, TeamInvitationStatus.PENDING),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    );
  return db
    .select({
      open: sql<boolean>`exists (${recruiting}) or exists (${applying}) or exists (${invited})
        or exists (${teamInvited})`,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
}

// Every stranger's look at a project's detail asks it: built and planned once.
const proposalOpen = preparedPerDatabase((db) =>
  proposalOpenQuery(
    db,
    sql.placeholder('projectId'),
    sql.placeholder('userId'),
    sql.placeholder('today'),
  ).prepare('proposal_open_to'),
);

export async function proposalOpenTo(
  db: Executor,
  projectId: number,
  userId: number,
  today: string,
): Promise<boolean> {
  const [row] = await proposalOpen(db).execute({ projectId, userId, today });
  return row?.open === true;
}

export async function setReadingDirection(
  db: Executor,
  id: number,
  direction: ReadingDirection,
): Promise<void> {
  await db.update(projects).set({ readingDirection: direction }).where(eq(projects.id, id));
}

export async function readingDirectionOf(db: Executor, id: number): Promise<ReadingDirection> {
  const [row] = await db
    .select({ direction: projects.readingDirection })
    .from(projects)
    .where(eq(projects.id, id));
  return row?.direction ?? 'rtl';
}
