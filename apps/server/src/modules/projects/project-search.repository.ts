import { ProjectStatus, RecruitKind, RecruitStatus } from '@koma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { recruitmentPositions, recruitments } from '../recruitment/recruitment.table.js';
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

/** The positions a recruitment asks for, in id order. */
export const recruitingPositionIds = sql<
  number[]
>`coalesce((select array_agg(${recruitmentPositions.positionId}
  order by ${recruitmentPositions.positionId}) from ${recruitmentPositions}
  where ${recruitmentPositions.recruitmentId} = ${recruitments.id}), '{}')`;

/** Every ongoing project with an ongoing project-level recruitment, and what it recruits. */
export async function recruitingProjects(db: Executor) {
  return db
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
      recruiting: recruitingPositionIds,
    })
    .from(recruitments)
    .innerJoin(projects, eq(projects.id, recruitments.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .where(
      and(
        eq(recruitments.status, RecruitStatus.ONGOING),
        eq(recruitments.kind, RecruitKind.PROJECT),
        eq(projects.status, ProjectStatus.ONGOING),
      ),
    );
}
