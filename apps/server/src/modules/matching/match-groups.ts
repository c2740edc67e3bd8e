import {
  bitCount,
  jaccardCounted,
  type MatchMasks,
  matchOfParts,
  type SetCounts,
  same,
} from './match-score.js';
import type { TopK } from './ranking.js';

/** What the index keeps of a person for searching. */
export interface GroupedPerson extends MatchMasks {
  id: number;
  loginattr: number;
  active: boolean;
  nicknameLower: string;
}

/**
 * The active people of one kind, in groups of the same matching data (genres, medias,
 * creation/essay and both answers): a match depends on nothing else, so one score serves a whole
 * group, and a search filter on those sets skips a group at once. Groups are parallel arrays of
 * numbers; the members of group g are ids[start[g]] to ids[start[g + 1] - 1].
 */
export interface KindGroups {
  count: number;
  genres: Int32Array;
  medias: Int32Array;
  creativecap: Int32Array;
  /**
   * Each group's sets as classes of the distinct sets among the groups (a few thousand genre sets,
   * a few dozen of the others): a search works out the Jaccard index once per class.
   */
  genresClass: Int32Array;
  mediasClass: Int32Array;
  creativecapClass: Int32Array;
  genresClasses: Int32Array;
  /** The groups of genre class c are genresClassStart[c] to genresClassStart[c + 1] - 1. */
  genresClassStart: Int32Array;
  mediasClasses: Int32Array;
  creativecapClasses: Int32Array;
  adscartoon: Int8Array;
  publish: Int8Array;
  start: Int32Array;
  ids: Int32Array;
  /** Each member's group, by member position and by id. */
  groupAt: Int32Array;
  groupOf: Map<number, number>;
  /**
   * Every member's lower-cased nickname in member order, joined by newlines, and where each
   * starts: a nickname filter is one indexOf pass over one string, not 50,000 includes calls.
   */
  names: string;
  nameStart: Int32Array;
}

/** Everyone active, grouped per kind (loginattr). */
export function groupPeople(people: Iterable<GroupedPerson>): Map<number, KindGroups> {
  const byKind = new Map<number, Map<string, GroupedPerson[]>>();
  for (const p of people) {
    if (!p.active) continue;
    let groups = byKind.get(p.loginattr);
    if (!groups) {
      groups = new Map();
      byKind.set(p.loginattr, groups);
    }
    const key = `${p.genres},${p.medias},${p.creativecap},${p.adscartoon ?? 0},${p.publish ?? 0}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const result = new Map<number, KindGroups>();
  for (const [kind, groups] of byKind) {
    // Groups of the same genres side by side: a search can take or skip a genre set at once.
    const sorted = [...groups.values()].sort(
      (a, b) => (a[0] as GroupedPerson).genres - (b[0] as GroupedPerson).genres,
    );
    result.set(kind, toArrays(sorted));
  }
  return result;
}

function toArrays(groups: GroupedPerson[][]): KindGroups {
  const n = groups.length;
  const members = groups.reduce((sum, g) => sum + g.length, 0);
  const genres = classesOf(groups.map((g) => (g[0] as GroupedPerson).genres));
  const medias = classesOf(groups.map((g) => (g[0] as GroupedPerson).medias));
  const creativecap = classesOf(groups.map((g) => (g[0] as GroupedPerson).creativecap));
  const k: KindGroups = {
    count: n,
    genres: new Int32Array(n),
    medias: new Int32Array(n),
    creativecap: new Int32Array(n),
    genresClass: genres.classOf,
    mediasClass: medias.classOf,
    creativecapClass: creativecap.classOf,
    genresClasses: genres.masks,
    genresClassStart: new Int32Array(genres.masks.length + 1),
    mediasClasses: medias.masks,
    creativecapClasses: creativecap.masks,
    adscartoon: new Int8Array(n),
    publish: new Int8Array(n),
    start: new Int32Array(n + 1),
    ids: new Int32Array(members),
    groupAt: new Int32Array(members),
    groupOf: new Map(),
    names: '',
    nameStart: new Int32Array(members + 1),
  };
  const names: string[] = [];
  let at = 0;
  let offset = 0;
  groups.forEach((group, g) => {
    const first = group[0] as GroupedPerson;
    k.genres[g] = first.genres;
    k.medias[g] = first.medias;
    k.creativecap[g] = first.creativecap;
    k.adscartoon[g] = first.adscartoon ?? 0;
    k.publish[g] = first.publish ?? 0;
    k.start[g] = at;
    for (const p of group) {
      k.ids[at] = p.id;
      k.groupAt[at] = g;
      k.groupOf.set(p.id, g);
      k.nameStart[at] = offset;
      names.push(p.nicknameLower);
      offset += p.nicknameLower.length + 1;
      at += 1;
    }
  });
  k.start[n] = at;
  k.nameStart[at] = offset;
  // Groups come sorted by genres, so each genre class is one run of groups.
  for (let g = n - 1; g >= 0; g--) k.genresClassStart[k.genresClass[g] as number] = g;
  k.genresClassStart[genres.masks.length] = n;
  k.names = names.join('\n');
  return k;
}

export interface GroupFilter {
  viewerId: number;
  nick: string;
  genres: number;
  medias: number;
  creativecap: number;
  adscartoon: number;
  only?: ReadonlySet<number>;
  except?: ReadonlySet<number>;
}

/** The distinct masks of a list, and the class (position among them) of each. */
function classesOf(masks: number[]): { masks: Int32Array; classOf: Int32Array } {
  const classes = new Map<number, number>();
  const classOf = new Int32Array(masks.length);
  masks.forEach((mask, i) => {
    let c = classes.get(mask);
    if (c === undefined) {
      c = classes.size;
      classes.set(mask, c);
    }
    classOf[i] = c;
  });
  return { masks: Int32Array.from(classes.keys()), classOf };
}

/** The Jaccard index of the viewer's set with each class of sets. */
function jaccardOfClasses(classes: Int32Array, mask: number, count: number): Float64Array {
  const j = new Float64Array(classes.length);
  for (let c = 0; c < classes.length; c++) {
    const other = classes[c] as number;
    j[c] = jaccardCounted(mask, count, other, bitCount(other));
  }
  return j;
}

/**
 * Genre classes, best Jaccard index with the viewer's genres first. The index only depends on the
 * shared count and the class's size (both ≤ 31), so classes are bucketed by that pair (a counting
 * sort over a few hundred buckets), not sorted.
 */
function classesBest(classes: Int32Array, jaccard: Float64Array, viewerGenres: number): Int32Array {
  const keyOf = (c: number) => {
    const mask = classes[c] as number;
    return bitCount(mask & viewerGenres) * 32 + bitCount(mask);
  };
  const perKey = new Int32Array(32 * 32 + 1);
  const keys = new Int32Array(classes.length);
  for (let c = 0; c < classes.length; c++) {
    keys[c] = keyOf(c);
    perKey[(keys[c] as number) + 1] = (perKey[(keys[c] as number) + 1] as number) + 1;
  }
  // The buckets in use, best index first (all classes of a bucket share one index).
  const used: number[] = [];
  const jaccardOfKey = new Float64Array(32 * 32);
  for (let c = 0; c < classes.length; c++) jaccardOfKey[keys[c] as number] = jaccard[c] as number;
  for (let key = 0; key < 32 * 32; key++) if (perKey[key + 1]) used.push(key);
  used.sort((a, b) => (jaccardOfKey[b] as number) - (jaccardOfKey[a] as number));
  const at = new Int32Array(32 * 32);
  let next = 0;
  for (const key of used) {
    at[key] = next;
    next += perKey[key + 1] as number;
  }
  const order = new Int32Array(classes.length);
  for (let c = 0; c < classes.length; c++) {
    const key = keys[c] as number;
    order[at[key] as number] = c;
    at[key] = (at[key] as number) + 1;
  }
  return order;
}

/** The member positions whose nickname contains `nick` (lower-cased), in member order. */
export function membersNamed(k: KindGroups, nick: string): number[] {
  const found: number[] = [];
  for (let at = k.names.indexOf(nick); at >= 0; ) {
    // The member whose name holds this position: the last one starting at or before it.
    let lo = 0;
    let hi = k.ids.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((k.nameStart[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    const next = k.nameStart[lo + 1] as number;
    // A match running over the newline into the next name is no match.
    if (at + nick.length < next) found.push(lo);
    at = k.names.indexOf(nick, Math.max(next, at + 1));
  }
  return found;
}

/**
 * Offers every person who passes the filter to `top` with their score, and answers how many
 * passed. A nickname or an "only" list picks a few people, who are looked at one by one. Otherwise
 * the groups are scanned, and a group whose score can no longer enter `top` is counted without
 * visiting its members (the excluded people in such groups are taken off the count afterwards):
 * a page of the best matches visits few people.
 */
export function scanGroups(
  k: KindGroups,
  f: GroupFilter,
  viewer: MatchMasks,
  counts: SetCounts,
  top: TopK,
): number {
  const genres = jaccardOfClasses(k.genresClasses, viewer.genres, counts.genres);
  const medias = jaccardOfClasses(k.mediasClasses, viewer.medias, counts.medias);
  const creativecap = jaccardOfClasses(k.creativecapClasses, viewer.creativecap, counts.creativecap);
  const setsPass = (g: number) =>
    !(f.genres && ((k.genres[g] as number) & f.genres) === 0) &&
    !(f.medias && ((k.medias[g] as number) & f.medias) === 0) &&
    !(f.creativecap && ((k.creativecap[g] as number) & f.creativecap) === 0) &&
    !(f.adscartoon && k.adscartoon[g] !== f.adscartoon);
  /** The group's score (matchCounted's, from its parts), or -1 when the filter leaves it out. */
  const scoreOf = (g: number) => {
    const adscartoon = k.adscartoon[g] as number;
    if (!setsPass(g)) return -1;
    return matchOfParts(
      genres[k.genresClass[g] as number] as number,
      medias[k.mediasClass[g] as number] as number,
      creativecap[k.creativecapClass[g] as number] as number,
      same(viewer.adscartoon, adscartoon || null),
      same(viewer.publish, (k.publish[g] as number) || null),
    );
  };
  const excluded = (id: number) => id === f.viewerId || !!f.except?.has(id);
  let total = 0;
  if (f.nick || f.only) {
    let picked = f.nick ? membersNamed(k, f.nick) : [];
    if (f.only) {
      const ids = f.only;
      if (f.nick) picked = picked.filter((i) => ids.has(k.ids[i] as number));
      else
        for (const id of ids) {
          const g = k.groupOf.get(id);
          if (g !== undefined) picked.push(k.ids.indexOf(id, k.start[g]));
        }
    }
    for (const i of picked) {
      const id = k.ids[i] as number;
      const score = scoreOf(k.groupAt[i] as number);
      if (score < 0 || excluded(id)) continue;
      total += 1;
      top.offer(score, id);
    }
    return total;
  }
  // The best genre sets first: once the best score a genre set allows cannot enter `top`, no
  // later set can either, and the rest is only counted.
  const maxOf = (parts: Float64Array) => parts.reduce((a, b) => Math.max(a, b), 0);
  const bestRest = [maxOf(medias), maxOf(creativecap)] as const;
  const setsFiltered = !!(f.genres || f.medias || f.creativecap || f.adscartoon);
  const countedOnly = new Uint8Array(k.count);
  for (const c of classesBest(k.genresClasses, genres, viewer.genres)) {
    const from = k.genresClassStart[c] as number;
    const to = k.genresClassStart[c + 1] as number;
    if (top.refuses(matchOfParts(genres[c] as number, bestRest[0], bestRest[1], 1, 1))) {
      if (!setsFiltered) total += (k.start[to] as number) - (k.start[from] as number);
      for (let g = from; g < to; g++) {
        if (setsFiltered && !setsPass(g)) continue;
        if (setsFiltered) total += (k.start[g + 1] as number) - (k.start[g] as number);
        countedOnly[g] = 1;
      }
      continue;
    }
    for (let g = from; g < to; g++) {
      const score = scoreOf(g);
      if (score < 0) continue;
      const start = k.start[g] as number;
      const end = k.start[g + 1] as number;
      if (top.refuses(score)) {
        total += end - start;
        countedOnly[g] = 1;
        continue;
      }
      for (let i = start; i < end; i++) {
        const id = k.ids[i] as number;
        if (excluded(id)) continue;
        total += 1;
        top.offer(score, id);
      }
    }
  }
  const left = new Set(f.except);
  left.add(f.viewerId);
  for (const id of left) {
    const g = k.groupOf.get(id);
    if (g !== undefined && countedOnly[g]) total -= 1;
  }
  return total;
}
