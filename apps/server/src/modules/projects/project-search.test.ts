import { JoinStatus } from '@koma/shared';
import { describe, expect, it } from 'vitest';
import { indexed } from './openings.js';
import {
  projectSimilarity,
  rankOpenings,
  type Searcher,
  type SearchInput,
} from './project-search.service.js';

/** A small deterministic generator: the same openings on every run. */
function numbers(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}

function someOf(next: (n: number) => number, max: number, most: number): number[] {
  const picked = new Set<number>();
  for (let i = next(most + 1); i > 0; i--) picked.add(1 + next(max));
  return [...picked];
}

const next = numbers(7);
const openings = Array.from({ length: 400 }, (_, i) => {
  const opening = {
    // Ties on purpose: several openings per project id, as chapter openings have.
    id: 1 + next(150),
    founderId: 1 + next(20),
    kind: 1 + next(2),
    title: `作品${i}`,
    genres: someOf(next, 18, 3),
    creativecap: someOf(next, 2, 2),
    recruiting: someOf(next, 14, 3),
  };
  return indexed(opening, [opening.title, i % 3 === 0 ? 'Space Opera' : '日常もの']);
});
const searcher: Searcher = {
  userId: 3,
  positions: [2, 3, 9],
  genres: [1, 5, 9],
  creativecap: [1],
  applications: new Map([
    [10, 0],
    [11, 10],
    [12, -10],
  ]),
};
const base: SearchInput = {
  keywords: '',
  typeb: [],
  creativecap: [],
  join_status: null,
  kind: null,
  is_match: false,
  page: 1,
  pageSize: 10,
};

/** The ranking as first written: arrays, filters one by one, a full sort. */
function reference(input: SearchInput) {
  const join = (id: number) => {
    const status = searcher.applications.get(id);
    if (status === undefined) return JoinStatus.NOT_APPLIED;
    return status === 10
      ? JoinStatus.AGREED
      : status === -10
        ? JoinStatus.NOT_ESTABLISHED
        : JoinStatus.APPLIED;
  };
  const keywords = input.keywords.toLowerCase();
  const ranked = openings
    .filter((c) => !keywords || c.texts.some((text) => text.includes(keywords)))
    .map((c) => c.opening)
    .filter((p) => p.founderId !== searcher.userId)
    .filter((p) => !input.kind || p.kind === input.kind)
    .filter((p) => !input.typeb.length || p.genres.some((g) => input.typeb.includes(g)))
    .filter((p) => !input.creativecap.length || p.creativecap.some((c) => input.creativecap.includes(c)))
    .filter((p) => !input.is_match || p.recruiting.some((pos) => searcher.positions.includes(pos)))
    .map((p) => ({ ...p, join: join(p.id), similar: projectSimilarity(searcher, p) }))
    .filter((p) => !input.join_status || p.join === input.join_status)
    .sort((a, b) => b.similar - a.similar || b.id - a.id);
  return {
    page: ranked.slice((input.page - 1) * input.pageSize, input.page * input.pageSize),
    total: ranked.length,
  };
}

describe('ranking openings', () => {
  it.each([
    ['no filter', base],
    ['page 3', { ...base, page: 3 }],
    ['a deep page (sorts everything)', { ...base, page: 25, pageSize: 10 }],
    ['genres and creation', { ...base, typeb: [1, 5], creativecap: [2] }],
    ['kind and matching positions', { ...base, kind: 2 as const, is_match: true }],
    ['where I applied', { ...base, join_status: 2 as const }],
    ['keywords, any case', { ...base, keywords: 'space' }],
  ])('gives what a full sort of the similarity gives: %s', (_, input) => {
    const { page, total } = rankOpenings(searcher, input, openings);
    const expected = reference(input);
    expect(total).toBe(expected.total);
    expect(page).toEqual(expected.page);
  });
});
