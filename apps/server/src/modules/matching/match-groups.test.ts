import { describe, expect, it } from 'vitest';
import { type GroupedPerson, groupPeople, scanGroups } from './match-groups.js';
import { countsOf, type MatchMasks, matchMasks } from './match-score.js';
import { TopK } from './ranking.js';

/** A small deterministic generator: the same people on every run. */
function numbers(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}

const next = numbers(11);
const mask = (bits: number, most: number) => {
  let m = 0;
  for (let i = 1 + next(most); i > 0; i--) m |= 1 << (1 + next(bits));
  return m;
};
// Few distinct profiles on purpose, so that groups hold many people.
const people: GroupedPerson[] = Array.from({ length: 3_000 }, (_, i) => ({
  id: i + 1,
  loginattr: 1 + next(2),
  active: next(20) !== 0,
  nicknameLower: `作家${i + 1}`,
  genres: mask(6, 2),
  medias: mask(3, 1),
  creativecap: mask(2, 1),
  adscartoon: next(3) || null,
  publish: next(3) || null,
}));
const viewer: MatchMasks = { genres: 0b1010, medias: 0b10, creativecap: 0b10, adscartoon: 1, publish: 2 };

function bruteForce(f: Parameters<typeof scanGroups>[1], kind: number, k: number) {
  const top = new TopK(k);
  let total = 0;
  for (const p of people) {
    if (!p.active || p.loginattr !== kind || p.id === f.viewerId) continue;
    if (f.genres && (p.genres & f.genres) === 0) continue;
    if (f.medias && (p.medias & f.medias) === 0) continue;
    if (f.creativecap && (p.creativecap & f.creativecap) === 0) continue;
    if (f.adscartoon && p.adscartoon !== f.adscartoon) continue;
    if (f.nick && !p.nicknameLower.includes(f.nick)) continue;
    if (f.only && !f.only.has(p.id)) continue;
    if (f.except?.has(p.id)) continue;
    total += 1;
    top.offer(matchMasks(viewer, p), p.id);
  }
  return { page: top.sorted(), total };
}

describe('people grouped by matching data', () => {
  const groups = groupPeople(people);
  const none = { viewerId: 7, nick: '', genres: 0, medias: 0, creativecap: 0, adscartoon: 0 };

  it('hold every active person once, in groups of identical data', () => {
    const all = [...groups.values()].flatMap((k) => [...k.ids]);
    expect(all.sort((a, b) => a - b)).toEqual(people.filter((p) => p.active).map((p) => p.id));
    const kind1 = groups.get(1);
    expect(kind1?.count).toBeLessThan(kind1?.ids.length ?? 0);
    expect(kind1?.genresClasses[kind1.genresClass[0] ?? -1]).toBe(kind1?.genres[0]);
  });

  it.each([
    ['no filter', none],
    ['sets and the ad answer', { ...none, genres: 0b110, medias: 0b10, adscartoon: 2 }],
    ['a nickname', { ...none, nick: '作家1' }],
    ['a nickname ending one name and starting the next', { ...none, nick: '0\n作' }],
    ['a nickname and only some', { ...none, nick: '1', only: new Set([1, 10, 11, 12, 21, 99, 100]) }],
    ['only some', { ...none, only: new Set([3, 5, 8, 13, 21, 34, 55, 89]) }],
    ['all but some', { ...none, except: new Set([1, 2, 3, 4, 5, 6, 8, 9, 10]) }],
  ])('rank as scoring each person would: %s', (_, filter) => {
    for (const kind of [1, 2]) {
      const top = new TopK(30);
      const kindGroups = groups.get(kind);
      const total = kindGroups ? scanGroups(kindGroups, filter, viewer, countsOf(viewer), top) : 0;
      expect({ page: top.sorted(), total }).toEqual(bruteForce(filter, kind, 30));
    }
  });
});
