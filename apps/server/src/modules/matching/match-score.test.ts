import { describe, expect, it } from 'vitest';
import { matchOf } from './match-score.js';
import { TopK } from './ranking.js';

const empty = { genres: [], medias: [], creativecap: [], adscartoon: null, publish: null };

describe('match (docs/matching.md)', () => {
  it('weighs genres, media, creation/essay and the two answers', () => {
    const a = { genres: [1, 5, 6], medias: [1, 2], creativecap: [1], adscartoon: 1, publish: 1 };
    const b = { genres: [1, 5], medias: [1, 2], creativecap: [1], adscartoon: 1, publish: 2 };
    expect(matchOf(a, b)).toBeCloseTo(0.4 * (2 / 3) + 0.25 + 0.15 + 0.1, 12);
    expect(matchOf(a, a)).toBeCloseTo(1, 12);
  });

  it('scores an empty set on either side as 0, so fuller profiles match better', () => {
    expect(matchOf(empty, empty)).toBe(0);
    expect(matchOf({ ...empty, genres: [3] }, empty)).toBe(0);
    expect(matchOf({ ...empty, adscartoon: 2 }, { ...empty, adscartoon: 2 })).toBeCloseTo(0.1, 12);
  });
});

describe('top-k ranking', () => {
  it('keeps the best k by score, ties broken by the newest id', () => {
    const top = new TopK(3);
    for (const [score, id] of [
      [0.5, 1],
      [0.9, 2],
      [0.5, 7],
      [0.1, 3],
      [0.7, 4],
      [0.5, 5],
    ] as const)
      top.offer(score, id);
    expect(top.sorted()).toEqual([
      { id: 2, score: 0.9 },
      { id: 4, score: 0.7 },
      { id: 7, score: 0.5 },
    ]);
  });
});
