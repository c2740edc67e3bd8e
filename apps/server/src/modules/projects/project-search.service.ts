import { JoinStatus, type Language, type projectSearchBody } from '@koma/shared';
import type { z } from 'zod';
import { notLoggedIn } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { bitCount, jaccardCounted, maskOf } from '../matching/match-score.js';
import * as recruitmentRepo from '../recruitment/recruitment.repository.js';
import { type ListPictures, listPicturesOf } from '../renditions/rendition-links.js';
import { type Indexed, openingsFor } from './openings.js';
import * as repo from './project-search.repository.js';
import { positionNames } from './projects.service.js';

export type SearchInput = z.output<typeof projectSearchBody>;

function jaccard(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const common = a.filter((x) => b.includes(x)).length;
  return common / (a.length + b.length - common);
}

/**
 * Project similarity (docs/matching.md): 0.5 × share of the project's recruiting positions the
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
  founderId: number;
  kind: number;
}

/** The searcher's side of a ranking: what they want, and where they applied (by project). */
export interface Searcher {
  userId: number;
  positions: number[];
  genres: number[];
  creativecap: number[];
  applications: Map<number, number>;
}

/**
 * Reads the searcher once; the dashboard shares it between its two search panels, and passes the
 * profile it already has (the session's account).
 */
export async function searcherOf(
  db: Deps['db'],
  userId: number,
  known?: Pick<Searcher, 'positions' | 'genres' | 'creativecap'>,
): Promise<Searcher> {
  const [profile, applications] = await Promise.all([
    known ?? repo.searcherProfile(db, userId),
    recruitmentRepo.myApplicationStates(db, userId),
  ]);
  if (!profile) throw notLoggedIn();
  return { userId, ...profile, applications };
}

/**
 * Filters and ranks recruiting projects or chapters for a searcher: openings of others, the
 * search filters (keywords: in any of the opening's texts, case-insensitively), then the
 * similarity (projectSimilarity, on bitmasks), most similar first. Shared by the project search
 * and the chapter ('案件') search. Thousands of openings are ranked per search: the loop reads
 * numbers only and builds objects for the page it returns.
 */
export function rankOpenings<T extends Opening>(
  me: Searcher,
  input: SearchInput,
  candidates: readonly Indexed<T>[],
): { page: (T & { join: number; similar: number })[]; total: number } {
  const keywords = input.keywords.toLowerCase();
  const genresFilter = maskOf(input.typeb);
  const capFilter = maskOf(input.creativecap);
  const positions = maskOf(me.positions);
  const genres = maskOf(me.genres);
  const genresCount = bitCount(genres);
  const creativecap = maskOf(me.creativecap);
  const creativecapCount = bitCount(creativecap);
  const found: number[] = [];
  const similar = new Float64Array(candidates.length);
  const joins = new Int16Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i] as Indexed<T>;
    if (c.founderId === me.userId) continue;
    if (input.kind && c.kind !== input.kind) continue;
    if (keywords && !c.texts.some((text) => text.includes(keywords))) continue;
    if (genresFilter && (c.genres & genresFilter) === 0) continue;
    if (capFilter && (c.creativecap & capFilter) === 0) continue;
    if (input.is_match && (c.recruiting & positions) === 0) continue;
    const join = joinStatus(me.applications.get(c.id));
    if (input.join_status && join !== input.join_status) continue;
    found.push(i);
    joins[i] = join;
    const share = c.recruitingCount === 0 ? 0 : bitCount(c.recruiting & positions) / c.recruitingCount;
    similar[i] =
      0.5 * share +
      0.3 * jaccardCounted(genres, genresCount, c.genres, c.genresCount) +
      0.2 * jaccardCounted(creativecap, creativecapCount, c.creativecap, c.creativecapCount);
  }
  const from = (input.page - 1) * input.pageSize;
  const page = bestOf(found, from + input.pageSize, similar, (i) => (candidates[i] as Indexed<T>).id)
    .slice(from)
    .map((i) => ({
      ...(candidates[i] as Indexed<T>).opening,
      join: joins[i] as number,
      similar: similar[i] as number,
    }));
  return { page, total: found.length };
}

/**
 * The first `k` of `found` (candidate positions, in candidate order) by score, then id, both
 * descending, then candidate order: what a full stable sort would put first, kept in a short
 * sorted list as the candidates pass (pages are small; deep pages sort everything).
 */
function bestOf(found: number[], k: number, score: Float64Array, idOf: (i: number) => number): number[] {
  const before = (a: number, b: number) =>
    (score[a] as number) > (score[b] as number) || (score[a] === score[b] && idOf(a) > idOf(b));
  if (k > 200) return found.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).slice(0, k);
  const best: number[] = [];
  for (const i of found) {
    if (best.length === k && !before(i, best[k - 1] as number)) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && before(i, best[at - 1] as number)) {
      best[at] = best[at - 1] as number;
      at -= 1;
    }
    best[at] = i;
  }
  return best;
}

export function createProjectSearchService(deps: Deps) {
  const { db } = deps;
  const openings = openingsFor(db);
  return {
    /**
     * Ongoing projects of others that recruit for the whole project, most similar first; covers
     * as `pictures` shows them (the dashboard reads its panels' pictures at once).
     */
    async search(
      userId: number,
      input: SearchInput,
      lang: Language,
      searcher?: Searcher,
      pictures: ListPictures = (paths) => listPicturesOf(deps, paths),
    ) {
      const [candidates, me] = await Promise.all([openings.projects(), searcher ?? searcherOf(db, userId)]);
      const { page, total } = rankOpenings(me, input, candidates);
      const pictureOf = await pictures(page.map((p) => p.icon));
      return {
        list: page.map((p) => ({
          project_id: p.id,
          project_title: p.title,
          project_icon: pictureOf(p.icon),
          nick: p.nick,
          kind: p.kind,
          similar: p.similar,
          join_status: p.join,
          recruit_pos: positionNames(p.recruiting, lang),
          chapter_id: null,
        })),
        total,
      };
    },
  };
}
