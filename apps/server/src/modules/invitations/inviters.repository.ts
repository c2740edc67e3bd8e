import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
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
