import { describe, expect, it } from 'vitest';
import { type CallRounds, comparisonTable, isRegression, worseBy } from './compare-report.js';
import type { LoadResult } from './load.js';

const run = (reqPerSec: number, p95: number, errors = 0): LoadResult => ({
  requests: reqPerSec * 10,
  reqPerSec,
  p50: p95 / 2,
  p95,
  p99: p95 * 1.5,
  errors,
  statuses: { 200: reqPerSec * 10 - errors },
});
const call = (...rounds: [LoadResult, LoadResult | null][]): CallRounds => ({
  call: 'GET /api/cartoonser/index',
  rounds: rounds.map(([current, ref]) => ({ current, ref })),
});

describe('bench:compare verdict', () => {
  it('counts a round worse on fewer req/s, a higher p95 or any error, beyond 15 %', () => {
    expect(worseBy(run(849, 10), run(1000, 10), 0.15)).toEqual(['req/s']);
    expect(worseBy(run(1000, 11.6), run(1000, 10), 0.15)).toEqual(['p95']);
    expect(worseBy(run(1000, 10, 3), run(1000, 10), 0.15)).toEqual(['3 errors']);
    expect(worseBy(run(850, 11.5), run(1000, 10), 0.15)).toEqual([]);
  });

  it('calls a read a regression only when it is worse in every round', () => {
    const worse = run(500, 30);
    const same = run(1000, 10);
    expect(isRegression(call([worse, same], [worse, same]), 0.15)).toBe(true);
    expect(isRegression(call([worse, same], [same, same]), 0.15)).toBe(false);
    expect(isRegression(call([worse, same], [worse, same], [same, same]), 0.15)).toBe(false);
  });

  it('does not judge a read the ref could not answer', () => {
    expect(isRegression(call([run(500, 30), null], [run(500, 30), null]), 0.15)).toBe(false);
    expect(comparisonTable([call([run(500, 30), null])], 0.15)).toContain('ref failed');
  });

  it('prints both versions and the ratios this/ref per round', () => {
    const lines = comparisonTable([call([run(500, 30), run(1000, 10)], [run(1000, 10), run(1000, 10)])], 0.15)
      .split('\n')
      .map((l) => l.split('|').map((c) => c.trim()));
    expect(lines[2]).toEqual([
      '',
      'GET /api/cartoonser/index',
      '1',
      '500',
      '1000',
      '0.50',
      '30',
      '10',
      '3.00',
      'req/s, p95',
      '',
    ]);
    expect(lines[3]).toEqual(['', '', '2', '1000', '1000', '1.00', '10', '10', '1.00', '', '']);
  });
});
