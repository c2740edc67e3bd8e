import { ApplicationStatus, RecruitStatus } from '@koma/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { users } from '../accounts/accounts.table.js';
import { projects } from '../projects/projects.table.js';
import { applications, recruitmentPositions, recruitments } from './recruitment.table.js';
import { expiredOn, hiredCount, notEndedOn, ongoingOn, scheduledOn } from './recruitment-state.js';

export type RecruitmentRow = typeof recruitments.$inferSelect;

const target = (projectId: number, kind: number, chapterId: number | null | undefined) =>
  and(
    eq(recruitments.projectId, projectId),
    eq(recruitments.kind, kind),
    chapterId ? eq(recruitments.chapterId, chapterId) : sql`${recruitments.chapterId} is null`,
  );

export async function insertRecruitment(
  db: Executor,
  r: {
    projectId: number;
    kind: number;
    chapterId: number | null;
    stime: string;
    etime: string;
    condition: string;
  },
  positions: { position_id: number; num: number }[],
): Promise<number> {
  const [row] = await db.insert(recruitments).values(r).returning({ id: recruitments.id });
  if (!row) throw new Error('insert returned no row');
  await db
    .insert(recruitmentPositions)
    .values(positions.map((p) => ({ recruitmentId: row.id, positionId: p.position_id, num: p.num })));
  return row.id;
}

/** Every recruitment of a target, newest first. */
export async function recruitmentsOf(
  db: Executor,
  projectId: number,
  kind: number,
  chapterId?: number | null,
) {
  return db
    .select()
    .from(recruitments)
    .where(target(projectId, kind, chapterId))
    .orderBy(desc(recruitments.id));
}

/**
 * The target's recruitment that is ongoing on `today`, share-locked until the transaction ends so
 * that it cannot be ended (or its project completed) while an application goes in.
 */
export async function lockOngoingRecruitment(db: Executor, t: TargetOf, today: string) {
  const [row] = await db
    .select()
    .from(recruitments)
    .where(and(target(t.projectId, t.kind, t.chapterId), ongoingOn(today)))
    .limit(1)
    .for('share');
  return row;
}

type TargetOf = { projectId: number; kind: number; chapterId?: number | null };

/** Ends what is open of a target (scheduled or ongoing); false when nothing was. */
export async function endRecruitment(db: Executor, t: TargetOf, today: string) {
  return (await closeWhere(db, and(target(t.projectId, t.kind, t.chapterId), notEndedOn(today)) as SQL)) > 0;
}

/**
 * Stores "ended" for the target's recruitments whose end date has passed, so that the unique
 * index of open recruitments agrees with their state before a new one is added.
 */
export async function closeExpired(db: Executor, t: TargetOf, today: string) {
  await closeWhere(db, and(target(t.projectId, t.kind, t.chapterId), expiredOn(today)) as SQL);
}

/** Ends every open recruitment of a project (it completes). */
export async function endProjectRecruitments(db: Executor, projectId: number) {
  await closeWhere(
    db,
    and(eq(recruitments.projectId, projectId), eq(recruitments.status, RecruitStatus.OPEN)) as SQL,
  );
}

async function closeWhere(db: Executor, where: SQL): Promise<number> {
  const rows = await db
    .update(recruitments)
    .set({ status: RecruitStatus.ENDED, updatedAt: sql`now()` })
    .where(where)
    .returning({ id: recruitments.id });
  return rows.length;
}

/**
 * Changes the target's scheduled recruitment (dates, requirements, positions); false when it has
 * none (nothing open, or it has started). The conditional update locks the row until the end of
 * the transaction, so the positions are replaced with nothing in between.
 */
export async function updateScheduled(
  db: Executor,
  t: TargetOf,
  today: string,
  fields: { stime: string; etime: string; condition: string },
  positions: { position_id: number; num: number }[],
): Promise<boolean> {
  const [row] = await db
    .update(recruitments)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(target(t.projectId, t.kind, t.chapterId), scheduledOn(today)))
    .returning({ id: recruitments.id });
  if (!row) return false;
  await db.delete(recruitmentPositions).where(eq(recruitmentPositions.recruitmentId, row.id));
  await db
    .insert(recruitmentPositions)
    .values(positions.map((p) => ({ recruitmentId: row.id, positionId: p.position_id, num: p.num })));
  return true;
}

/**
 * A position of a recruitment with how many are accepted for it, the position row locked for
 * update: accepts for the same position queue here, and each counts the ones committed before it
 * (a new statement sees them under READ COMMITTED), so no more are accepted than its number.
 */
export async function lockPositionSeats(db: Executor, recruitmentId: number, positionId: number) {
  const [position] = await db
    .select({ num: recruitmentPositions.num })
    .from(recruitmentPositions)
    .where(
      and(
        eq(recruitmentPositions.recruitmentId, recruitmentId),
        eq(recruitmentPositions.positionId, positionId),
      ),
    )
    .for('update');
  if (!position) return undefined;
  const [hired] = await db
    .select({ n: hiredCount.mapWith(Number) })
    .from(recruitmentPositions)
    .where(
      and(
        eq(recruitmentPositions.recruitmentId, recruitmentId),
        eq(recruitmentPositions.positionId, positionId),
      ),
    );
  return { num: position.num, hired: hired?.n ?? 0 };
}

/** Positions of recruitments with their counts of applicants and of hired people. */
export async function positionStats(db: Executor, recruitmentIds: number[]) {
  if (recruitmentIds.length === 0) return [];
  return db
    .select({
      recruitmentId: recruitmentPositions.recruitmentId,
      positionId: recruitmentPositions.positionId,
      num: recruitmentPositions.num,
      applynum: sql<number>`count(${applications.id})`.mapWith(Number),
      donenum:
        sql<number>`count(${applications.id}) filter (where ${applications.status} = ${ApplicationStatus.ACCEPTED})`.mapWith(
          Number,
        ),
    })
    .from(recruitmentPositions)
    .leftJoin(
      applications,
      and(
        eq(applications.recruitmentId, recruitmentPositions.recruitmentId),
        eq(applications.positionId, recruitmentPositions.positionId),
      ),
    )
    .where(inArray(recruitmentPositions.recruitmentId, recruitmentIds))
    .groupBy(recruitmentPositions.recruitmentId, recruitmentPositions.positionId, recruitmentPositions.num)
    .orderBy(recruitmentPositions.positionId);
}

export async function insertApplication(
  db: Executor,
  a: { recruitmentId: number; projectId: number; userId: number; positionId: number; message: string },
): Promise<number> {
  const [row] = await db.insert(applications).values(a).returning({ id: applications.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function applicationsOf(db: Executor, recruitmentIds: number[]) {
  if (recruitmentIds.length === 0) return [];
  return db
    .select({
      id: applications.id,
      status: applications.status,
      userId: users.id,
      nickname: users.nickname,
      pic: users.pic,
      positionId: applications.positionId,
      projectId: applications.projectId,
      message: applications.message,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(inArray(applications.recruitmentId, recruitmentIds))
    .orderBy(desc(applications.id));
}

/** The newest application of a user for a position in one of these recruitments. */
export async function findApplication(
  db: Executor,
  recruitmentIds: number[],
  userId: number,
  positionId: number,
) {
  if (recruitmentIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        inArray(applications.recruitmentId, recruitmentIds),
        eq(applications.userId, userId),
        eq(applications.positionId, positionId),
      ),
    )
    .orderBy(desc(applications.id))
    .limit(1);
  return row;
}

/** The positions `userId` applied for in these recruitments, as `recruitmentId:positionId`. */
export async function appliedPositions(db: Executor, recruitmentIds: number[], userId: number) {
  if (recruitmentIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ recruitmentId: applications.recruitmentId, positionId: applications.positionId })
    .from(applications)
    .where(and(inArray(applications.recruitmentId, recruitmentIds), eq(applications.userId, userId)));
  return new Set(rows.map((r) => `${r.recruitmentId}:${r.positionId}`));
}

/** Turns down every pending application to a project (it completes): who and for what. */
export async function declinePendingOf(db: Executor, projectId: number) {
  return db
    .update(applications)
    .set({ status: ApplicationStatus.REJECTED, updatedAt: sql`now()` })
    .where(and(eq(applications.projectId, projectId), eq(applications.status, ApplicationStatus.PENDING)))
    .returning({ userId: applications.userId, positionId: applications.positionId });
}

/** Answers a pending application; undefined when it was already answered. */
export async function decideApplication(db: Executor, id: number, status: number) {
  const [row] = await db
    .update(applications)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(applications.id, id), eq(applications.status, ApplicationStatus.PENDING)))
    .returning();
  return row;
}

/** The caller's newest application status per project (for the search's join_status). */
// Every dashboard and opening search reads it: built and planned once.
const applicationStatesOf = preparedPerDatabase((db) =>
  db
    .select({ projectId: applications.projectId, status: applications.status })
    .from(applications)
    .where(eq(applications.userId, sql.placeholder('userId')))
    .orderBy(applications.id)
    .prepare('application_states_of'),
);

export async function myApplicationStates(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await applicationStatesOf(db).execute({ userId });
  return new Map(rows.map((r) => [r.projectId, r.status]));
}

/** Pending applications to the projects a founder runs (to-do type 12), newest first. */
export async function pendingApplicationsToFounder(
  db: Executor,
  founderId: number,
  limit: number,
  offset: number,
) {
  return db
    .select({
      projectId: projects.id,
      title: projects.title,
      founderId: projects.userId,
      applicantId: users.id,
      nickname: users.nickname,
      positionId: applications.positionId,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(and(eq(projects.userId, founderId), eq(applications.status, ApplicationStatus.PENDING)))
    .orderBy(desc(applications.id))
    .limit(limit)
    .offset(offset);
}

export async function countPendingApplicationsToFounder(db: Executor, founderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .where(and(eq(projects.userId, founderId), eq(applications.status, ApplicationStatus.PENDING)));
  return row?.n ?? 0;
}
