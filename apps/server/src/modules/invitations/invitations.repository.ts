import { AccountStatus, MemberKind, TeamInvitationStatus } from '@koma/shared';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { isPart, type MemberPart } from '../projects/team.repository.js';
import { teamInvitations as inv } from './invitations.table.js';

const { PENDING, WITHDRAWN } = TeamInvitationStatus;
const inviter = alias(users, 'inviter');
const invitee = alias(users, 'invitee');

export type NewInvitation = typeof inv.$inferInsert;

/** Waiting for an answer, and not past its expiry. */
const open = (now: Date): SQL => and(eq(inv.status, PENDING), gt(inv.expiresAt, now)) as SQL;
const ofPart = (part: MemberPart): SQL =>
  and(
    eq(inv.positionId, part.posId),
    part.chapterId === null ? isNull(inv.chapterId) : eq(inv.chapterId, part.chapterId),
  ) as SQL;

/** The status a reader sees: a pending one past its expiry is expired. */
export const shownStatus = (status: string, expiresAt: Date, now: Date): string =>
  status === PENDING && expiresAt <= now ? TeamInvitationStatus.EXPIRED : status;

/** The invited account, if it exists and may be invited (an active account). */
export async function inviteeOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { id: row.id, active: row.status === AccountStatus.ACTIVE } : undefined;
}

/**
 * The project's row, locked until the transaction ends: invitations of one project are counted and
 * made one after the other, so two at once cannot pass the pending maximum together.
 */
export async function lockProject(db: Executor, projectId: number) {
  const [row] = await db
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  return row;
}

/**
 * The project's row under a key-share lock: an answer waits for an invitation being made and for
 * an editor taking charge (both lock the row for update), so each sees what the other committed.
 */
export async function shareProject(db: Executor, projectId: number) {
  const [row] = await db
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('key share');
  return row;
}

/**
 * A person's rows in the project (one per part held), locked for share until the transaction ends:
 * a removal, a taking back of the right or a change of part (which lock them for update) waits, or
 * is waited for (docs/access.md, "Inviting").
 */
export async function shareMemberRows(db: Executor, projectId: number, userId: number) {
  return db
    .select({
      kind: projectMembers.kind,
      positionId: projectMembers.positionId,
      chapterId: projectMembers.chapterId,
    })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .for('share');
}

/** Whether the person is the project's editor in charge. */
export async function isEditorInCharge(db: Executor, projectId: number, userId: number) {
  const [row] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, userId),
        eq(projectMembers.kind, MemberKind.EDITOR),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Invitations a person sent. */
export const sentBy = (userId: number): SQL => eq(inv.inviterId, userId);
/** Invitations addressed to a person: to their account, or mailed to their address and not yet taken. */
export const addressedTo = (userId: number): SQL =>
  or(
    eq(inv.inviteeId, userId),
    and(
      isNull(inv.inviteeId),
      eq(inv.email, sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`),
    ),
  ) as SQL;

/** Withdraws the project's open invitations `whose` picks; what the activity needs of each. */
export async function withdrawOpen(db: Executor, projectId: number, whose: SQL, now: Date) {
  return db
    .update(inv)
    .set({ status: WITHDRAWN, answeredAt: now })
    .where(and(eq(inv.projectId, projectId), open(now), whose))
    .returning({
      inviteeId: inv.inviteeId,
      positionId: inv.positionId,
      chapterId: inv.chapterId,
      seat: inv.seat,
    });
}

/** The titles of these chapters, by id. */
export async function chapterTitles(db: Executor, chapterIds: number[]) {
  if (chapterIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: chapters.id, title: chapters.title })
    .from(chapters)
    .where(inArray(chapters.id, chapterIds));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function countOpenOfProject(db: Executor, projectId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inv)
    .where(and(eq(inv.projectId, projectId), open(now)));
  return row?.n ?? 0;
}

/** Whether the person holds the part (as a member) in the project. */
export async function holdsPart(db: Executor, projectId: number, userId: number, part: MemberPart) {
  const [row] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, userId),
        eq(projectMembers.kind, MemberKind.MEMBER),
        isPart(part),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Drops a pending invitation of the same person (or address) and part that has expired, so a new
 * one may take its place under the one-pending unique index; true when one still waits.
 */
export async function clearSamePending(
  db: Executor,
  projectId: number,
  to: { inviteeId: number } | { email: string },
  part: MemberPart,
  now: Date,
): Promise<boolean> {
  const whom = 'inviteeId' in to ? eq(inv.inviteeId, to.inviteeId) : eq(inv.email, to.email);
  const same = and(eq(inv.projectId, projectId), eq(inv.status, PENDING), whom, ofPart(part));
  await db.delete(inv).where(and(same, lte(inv.expiresAt, now)));
  const [row] = await db.select({ id: inv.id }).from(inv).where(same).limit(1);
  return row !== undefined;
}

export async function insertInvitation(db: Executor, row: NewInvitation): Promise<number> {
  const [made] = await db.insert(inv).values(row).returning({ id: inv.id });
  return made?.id ?? 0;
}

const listed = {
  id: inv.id,
  projectId: inv.projectId,
  inviterId: inv.inviterId,
  inviteeId: inv.inviteeId,
  email: inv.email,
  positionId: inv.positionId,
  chapterId: inv.chapterId,
  seat: inv.seat,
  chapterTitle: chapters.title,
  status: inv.status,
  createdAt: inv.createdAt,
  expiresAt: inv.expiresAt,
};

/**
 * The list of the founder and the inviters: waiting ones, and those answered or withdrawn since
 * `since`; newest first. Seat invitations are listed with the seats (seats.repository.ts).
 */
export async function ofProject(db: Executor, projectId: number, since: Date) {
  return db
    .select({ ...listed, inviteeName: invitee.nickname, inviterName: inviter.nickname })
    .from(inv)
    .innerJoin(inviter, eq(inviter.id, inv.inviterId))
    .leftJoin(chapters, eq(chapters.id, inv.chapterId))
    .leftJoin(invitee, eq(invitee.id, inv.inviteeId))
    .where(
      and(
        eq(inv.projectId, projectId),
        isNull(inv.seat),
        or(eq(inv.status, PENDING), gt(inv.answeredAt, since)),
      ),
    )
    .orderBy(desc(inv.id));
}

/** The caller's invitations waiting for an answer, newest first (the page and the to-do). */
export async function openOfInvitee(db: Executor, userId: number, now: Date, limit = 100, offset = 0) {
  return db
    .select({ ...listed, projectTitle: projects.title, inviterName: inviter.nickname })
    .from(inv)
    .innerJoin(projects, eq(projects.id, inv.projectId))
    .innerJoin(inviter, eq(inviter.id, inv.inviterId))
    .leftJoin(chapters, eq(chapters.id, inv.chapterId))
    .where(and(eq(inv.inviteeId, userId), open(now)))
    .orderBy(desc(inv.id))
    .limit(limit)
    .offset(offset);
}

/** The to-do's count: one range of the invitee's partial index. */
export async function countOpenOfInvitee(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inv)
    .where(and(eq(inv.inviteeId, userId), open(now)));
  return row?.n ?? 0;
}

/** One invitation with what its answer and its link need. */
async function findWhere(db: Executor, where: SQL) {
  const [row] = await db
    .select({
      ...listed,
      tokenHash: inv.tokenHash,
      projectTitle: projects.title,
      founderId: projects.userId,
      projectStatus: projects.status,
      inviterName: inviter.nickname,
    })
    .from(inv)
    .innerJoin(projects, eq(projects.id, inv.projectId))
    .innerJoin(inviter, eq(inviter.id, inv.inviterId))
    .leftJoin(chapters, eq(chapters.id, inv.chapterId))
    .where(where)
    .limit(1);
  return row;
}
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findWhere>>>;

export const findById = (db: Executor, id: number) => findWhere(db, eq(inv.id, id));
export const findByTokenHash = (db: Executor, hash: string) => findWhere(db, eq(inv.tokenHash, hash));

/**
 * Answers or withdraws a waiting invitation, only if it still waits and has not expired (and, for
 * an answer, is the caller's: a link binds its answerer here). False when it no longer waits.
 */
export async function closeInvitation(
  db: Executor,
  id: number,
  status: string,
  now: Date,
  inviteeId?: number,
): Promise<boolean> {
  const done = await db
    .update(inv)
    .set({ status, answeredAt: now, ...(inviteeId === undefined ? {} : { inviteeId }) })
    .where(and(eq(inv.id, id), open(now)))
    .returning({ id: inv.id });
  return done.length > 0;
}

/** A member row for the accepted part; false (and nothing) when the person already holds it. */
export async function insertMemberPart(db: Executor, projectId: number, userId: number, part: MemberPart) {
  const made = await db
    .insert(projectMembers)
    .values({
      projectId,
      userId,
      kind: MemberKind.MEMBER,
      positionId: part.posId,
      chapterId: part.chapterId,
    })
    .onConflictDoNothing()
    .returning({ userId: projectMembers.userId });
  return made.length > 0;
}

/** The nickname of an account ('' when it is gone). */
export async function nicknameOf(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ n: users.nickname }).from(users).where(eq(users.id, userId));
  return row?.n ?? '';
}
