import { ProjectStatus, RecruitKind, RecruitStatus } from '@koma/shared';
import { and, eq, ilike, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { containsPattern } from '../../lib/sql-helpers.js';
import { users } from '../accounts/accounts.table.js';
import { recruitmentPositions, recruitments } from '../recruitment/recruitment.table.js';
import { projects } from './projects.table.js';

export async function wantedPositions(db: Executor, userId: number): Promise<number[]> {
  const [row] = await db.select({ positions: users.positions }).from(users).where(eq(users.id, userId));
  return row?.positions ?? [];
}

/** Ongoing projects of others with an ongoing project-level recruitment, and what they recruit. */
export async function recruitingProjects(
  db: Executor,
  userId: number,
  f: { keywords: string; kind: number | null },
) {
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      icon: projects.icon,
      kind: projects.kind,
      genres: projects.genres,
      creativecap: projects.creativecap,
      nick: users.nickname,
      positionId: recruitmentPositions.positionId,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .innerJoin(
      recruitments,
      and(
        eq(recruitments.projectId, projects.id),
        eq(recruitments.status, RecruitStatus.ONGOING),
        eq(recruitments.kind, RecruitKind.PROJECT),
      ),
    )
    .innerJoin(recruitmentPositions, eq(recruitmentPositions.recruitmentId, recruitments.id))
    .where(
      and(
        eq(projects.status, ProjectStatus.ONGOING),
        ne(projects.userId, userId),
        f.kind ? eq(projects.kind, f.kind) : undefined,
        f.keywords
          ? or(
              ilike(projects.title, containsPattern(f.keywords)),
              ilike(projects.content, containsPattern(f.keywords)),
            )
          : undefined,
      ),
    );
  const byId = new Map<number, (typeof rows)[number] & { recruiting: number[] }>();
  for (const r of rows) {
    const entry = byId.get(r.id) ?? { ...r, recruiting: [] };
    entry.recruiting.push(r.positionId);
    byId.set(r.id, entry);
  }
  return [...byId.values()];
}
