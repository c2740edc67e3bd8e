import { ProjectStatus } from '@koma/shared';
import { and, desc, eq, exists, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects } from '../projects/projects.table.js';
import { projectInviters } from './inviters.table.js';

const row = (projectId: number, userId: number) =>
  and(eq(projectInviters.projectId, projectId), eq(projectInviters.userId, userId));

/** Allows a member to invite; false (and nothing) when they already may. */
export async function grantInviter(db: Executor, projectId: number, userId: number, grantedBy: number) {
  const made = await db
    .insert(projectInviters)
    .values({ projectId, userId, grantedBy })
    .onConflictDoNothing()
    .returning({ userId: projectInviters.userId });
  return made.length > 0;
}

/** Takes the right back (also on leaving or removal); false when they did not hold it. */
export async function revokeInviter(db: Executor, projectId: number, userId: number) {
  const gone = await db.delete(projectInviters).where(row(projectId, userId)).returning({
    userId: projectInviters.userId,
  });
  return gone.length > 0;
}

/** Whether the founder allowed the member to invite. */
export async function holdsInviteRight(db: Executor, projectId: number, userId: number) {
  const [found] = await db
    .select({ userId: projectInviters.userId })
    .from(projectInviters)
    .where(row(projectId, userId));
  return found !== undefined;
}

/** The ongoing projects `userId` founded or was allowed to invite to, newest first. */
export async function invitableProjects(db: Executor, userId: number, limit: number) {
  const allowed = db
    .select({ one: projectInviters.userId })
    .from(projectInviters)
    .where(and(eq(projectInviters.projectId, projects.id), eq(projectInviters.userId, userId)));
  return db
    .select({ projectId: projects.id, title: projects.title })
    .from(projects)
    .where(and(eq(projects.status, ProjectStatus.ONGOING), or(eq(projects.userId, userId), exists(allowed))))
    .orderBy(desc(projects.id))
    .limit(limit);
}
