import { JoinStatus, type Language, type projectSearchBody } from '@koma/shared';
import type { z } from 'zod';
import { notLoggedIn } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { maskOf } from '../matching/match-score.js';
import * as matchingRepo from '../matching/matching.repository.js';
import * as recruitmentRepo from '../recruitment/recruitment.repository.js';
import * as repo from './project-search.repository.js';
import { positionNames } from './projects.service.js';

export type SearchInput = z.output<typeof projectSearchBody>;

function jaccard(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const common = a.filter((x) => b.includes(x)).length;
  return common / (a.length + b.length - common);
}

/**
 * Project similarity (DESIGN.md section 5): 0.5 × share of the project's recruiting positions the
 * user wants + 0.3 × Jaccard(genres) + 0.2 × Jaccard(creation/essay).
 */
export function projectSimilarity(
  user: { positions: readonly number[]; genres: readonly number[]; creativecap: readonly number[] },
  project: { recruiting: readonly number[]; genres: readonly number[]; creativecap: readonly number[] },
): number {
  const wanted = project.recruiting.filter((p) => user.positions.includes(p)).length;
  const share = project.recruiting.length === 0 ? 0 : wanted / project.recruiting.length;
  return (
    0.5 * share +
    0.3 * jaccard(user.genres, project.genres) +
    0.2 * jaccard(user.creativecap, project.creativecap)
  );
}

/** The caller's standing towards a project (spec: join_status). */
function joinStatus(applicationStatus: number | undefined): number {
  if (applicationStatus === undefined) return JoinStatus.NOT_APPLIED;
  if (applicationStatus === 10) return JoinStatus.AGREED;
  if (applicationStatus === -10) return JoinStatus.NOT_ESTABLISHED;
  return JoinStatus.APPLIED;
}

interface Opening {
  id: number;
  genres: number[];
  creativecap: number[];
  recruiting: number[];
}

/**
 * Filters and ranks recruiting projects or chapters for a user: the search filters, then the
 * similarity, most similar first. Shared by the project search and the chapter ('案件') search.
 */
export async function rankOpenings<T extends Opening>(
  db: Deps['db'],
  userId: number,
  input: SearchInput,
  candidates: T[],
): Promise<(T & { join: number; similar: number })[]> {
  const me = await matchingRepo.findMatchProfile(db, userId);
  if (!me) throw notLoggedIn();
  const [mine, states] = await Promise.all([
    repo.wantedPositions(db, userId),
    recruitmentRepo.myApplicationStates(db, userId),
  ]);
  const genresFilter = maskOf(input.typeb);
  const capFilter = maskOf(input.creativecap);
  return candidates
    .filter((p) => !genresFilter || (maskOf(p.genres) & genresFilter) !== 0)
    .filter((p) => !capFilter || (maskOf(p.creativecap) & capFilter) !== 0)
    .filter((p) => !input.is_match || p.recruiting.some((pos) => mine.includes(pos)))
    .map((p) => ({ ...p, join: joinStatus(states.get(p.id)) }))
    .filter((p) => !input.join_status || p.join === input.join_status)
    .map((p) => ({
      ...p,
      similar: projectSimilarity({ positions: mine, genres: me.genres, creativecap: me.creativecap }, p),
    }))
    .sort((a, b) => b.similar - a.similar || b.id - a.id);
}

export function createProjectSearchService({ db }: Deps) {
  return {
    /** Ongoing projects of others that recruit for the whole project, most similar first. */
    async search(userId: number, input: SearchInput, lang: Language) {
      const candidates = await repo.recruitingProjects(db, userId, {
        keywords: input.keywords,
        kind: input.kind ?? null,
      });
      const ranked = await rankOpenings(db, userId, input, candidates);
      const page = ranked.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
      return {
        list: page.map((p) => ({
          project_id: p.id,
          project_title: p.title,
          project_icon: p.icon,
          nick: p.nick,
          kind: p.kind,
          similar: p.similar,
          join_status: p.join,
          recruit_pos: positionNames(p.recruiting, lang),
          chapter_id: null,
        })),
        total: ranked.length,
      };
    },
  };
}
