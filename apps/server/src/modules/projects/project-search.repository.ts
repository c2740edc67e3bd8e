import { ProjectStatus, RecruitKind } from '@koma/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { recruitments } from '../recruitment/recruitment.table.js';
import { ongoingOn, openPositionIds } from '../recruitment/recruitment-state.js';
import { projects } from './projects.table.js';

/** What the search ranks with on the searcher's side: wanted positions, genres, creation/essay. */
export async function searcherProfile(db: Executor, userId: number) {
  const [row] = await db
    .select({ positions: users.positions, genres: users.genres, creativecap: users.creativecap })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Every ongoing project with an ongoing project-level recruitment that has a position open, and
 * the open positions (what it recruits).
 */
export async function recruitingProjects(db: Executor, today: string) {
  const rows = await db
    .select({
      id: projects.id,
      founderId: projects.userId,
      title: projects.title,
      icon: projects.icon,
      kind: projects.kind,
      genres: projects.genres,
      creativecap: projects.creativecap,
      content: projects.content,
      nick: users.nickname,
      recruiting: openPositionIds,
    })
    .from(recruitments)
    .innerJoin(projects, eq(projects.id, recruitments.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .where(
      and(
        ongoingOn(today),
        eq(recruitments.kind, RecruitKind.PROJECT),
        eq(projects.status, ProjectStatus.ONGOING),
      ),
    );
  return rows.filter((r) => r.recruiting.length > 0);
}
