import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { projectInviters } from '../invitations/inviters.table.js';
import { projectMembers, projects } from './projects.table.js';

export interface Membership {
  kind: number;
  positionId: number;
}

/**
 * The project and the caller's memberships in it (one per position held) and whether the founder
 * allowed them to invite, in one prepared
 * statement: every call on a project reads it first (projects.policy.ts), so it is built and
 * planned once rather than as two queries each time.
 */
const projectWithMemberships = preparedPerDatabase((db) =>
  db
    .select({
      userId: projects.userId,
      title: projects.title,
      status: projects.status,
      memberships: sql<Membership[]>`coalesce((
        select json_agg(json_build_object('kind', ${projectMembers.kind}, 'positionId', ${projectMembers.positionId}))
        from ${projectMembers}
        where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${sql.placeholder('userId')}
      ), '[]'::json)`,
      isInviter: sql<boolean>`exists (
        select 1 from ${projectInviters}
        where ${projectInviters.projectId} = ${projects.id} and ${projectInviters.userId} = ${sql.placeholder('userId')}
      )`,
    })
    .from(projects)
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1)
    .prepare('project_with_memberships'),
);

/** The project's founder, title and status with the user's memberships and grant; undefined when there is no such project. */
export async function findProjectFor(db: Executor, projectId: number, userId: number) {
  const [row] = await projectWithMemberships(db).execute({ projectId, userId });
  return row;
}
