/** What the match is computed from: a person's sets (as bitmasks of ids) and two answers. */
export interface MatchMasks {
  genres: number;
  medias: number;
  creativecap: number;
  adscartoon: number | null;
  publish: number | null;
}

/** A person's sets and answers as the profile holds them. */
export interface MatchProfile {
  genres: readonly number[];
  medias: readonly number[];
  creativecap: readonly number[];
  adscartoon: number | null;
  publish: number | null;
}

/** Ids are small (genres ≤ 18, medias ≤ 8): one bit each in a 32-bit mask. */
export function maskOf(ids: readonly number[]): number {
  let mask = 0;
  for (const id of ids) if (id >= 0 && id < 31) mask |= 1 << id;
  return mask;
}

export function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Jaccard of two sets of counted sizes; an empty set on either side scores 0, so a fuller profile matches better. */
export function jaccardCounted(a: number, aCount: number, b: number, bCount: number): number {
  if (aCount === 0 || bCount === 0) return 0;
  const common = bitCount(a & b);
  return common / (aCount + bCount - common);
}

/** 1 when both answered and answered alike. */
export const same = (a: number | null, b: number | null) => (a !== null && a === b ? 1 : 0);

/**
 * match(a, b) in [0, 1] (docs/matching.md): 0.40 genres + 0.25 medias + 0.15 creation/essay
 * + 0.10 same ad-manga answer + 0.10 same overseas answer. The one implementation of the formula.
 */
export function matchMasks(a: MatchMasks, b: MatchMasks): number {
  return matchCounted(
    a,
    countsOf(a),
    b.genres,
    bitCount(b.genres),
    b.medias,
    bitCount(b.medias),
    b.creativecap,
    bitCount(b.creativecap),
    b.adscartoon,
    b.publish,
  );
}

export interface SetCounts {
  genres: number;
  medias: number;
  creativecap: number;
}

export const countsOf = (m: MatchMasks): SetCounts => ({
  genres: bitCount(m.genres),
  medias: bitCount(m.medias),
  creativecap: bitCount(m.creativecap),
});

/**
 * The formula with set sizes counted beforehand and the other side as plain numbers, so the
 * search loop over every person allocates nothing.
 */
export function matchCounted(
  v: MatchMasks,
  vc: SetCounts,
  genres: number,
  genresCount: number,
  medias: number,
  mediasCount: number,
  creativecap: number,
  creativecapCount: number,
  adscartoon: number | null,
  publish: number | null,
): number {
  return matchOfParts(
    jaccardCounted(v.genres, vc.genres, genres, genresCount),
    jaccardCounted(v.medias, vc.medias, medias, mediasCount),
    jaccardCounted(v.creativecap, vc.creativecap, creativecap, creativecapCount),
    same(v.adscartoon, adscartoon),
    same(v.publish, publish),
  );
}

/**
 * The weights of the formula, applied to its five parts: the three Jaccard indexes and the two
 * answers (1 when the same). A search that works the parts out per set rather than per person
 * sums them here, so its scores are the same numbers.
 */
export function matchOfParts(
  genres: number,
  medias: number,
  creativecap: number,
  sameAds: number,
  samePublish: number,
): number {
  return 0.4 * genres + 0.25 * medias + 0.15 * creativecap + 0.1 * sameAds + 0.1 * samePublish;
}

export function masksOf(p: MatchProfile): MatchMasks {
  return {
    genres: maskOf(p.genres),
    medias: maskOf(p.medias),
    creativecap: maskOf(p.creativecap),
    adscartoon: p.adscartoon,
    publish: p.publish,
  };
}

export function matchOf(a: MatchProfile, b: MatchProfile): number {
  return matchMasks(masksOf(a), masksOf(b));
}
