import type { LoadResult } from './load.js';

/** One read call measured on both versions in each round; `ref` is null where the ref could not answer it. */
export interface CallRounds {
  call: string;
  rounds: { current: LoadResult; ref: LoadResult | null }[];
}

/**
 * Why this version did worse than the ref in one round, empty when it did not: fewer than
 * (1 − t) × the ref's req/s, a p95 above (1 + t) × the ref's, or any answer other than 200.
 */
export function worseBy(current: LoadResult, ref: LoadResult, threshold: number): string[] {
  const reasons: string[] = [];
  if (current.reqPerSec < (1 - threshold) * ref.reqPerSec) reasons.push('req/s');
  if (current.p95 > (1 + threshold) * ref.p95) reasons.push('p95');
  if (current.errors > 0) reasons.push(`${current.errors} errors`);
  return reasons;
}

/** A regression: worse than the ref in every round (one round alone may be the machine's noise). */
export function isRegression(call: CallRounds, threshold: number): boolean {
  return (
    call.rounds.length > 0 &&
    call.rounds.every(({ current, ref }) => ref !== null && worseBy(current, ref, threshold).length > 0)
  );
}

/** A Markdown table with its columns padded, as the tables in bench/README.md. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

/** Per call and round: req/s and p95 of both versions, the ratios this/ref, and what was worse. */
export function comparisonTable(calls: CallRounds[], threshold: number): string {
  const percent = Math.round(threshold * 100);
  const rows = calls.flatMap(({ call, rounds }) =>
    rounds.map(({ current, ref }, i) => [
      i === 0 ? call : '',
      String(i + 1),
      String(current.reqPerSec),
      ref ? String(ref.reqPerSec) : '–',
      ref ? ratio(current.reqPerSec, ref.reqPerSec) : '–',
      String(current.p95),
      ref ? String(ref.p95) : '–',
      ref ? ratio(current.p95, ref.p95) : '–',
      ref ? worseBy(current, ref, threshold).join(', ') : 'ref failed',
    ]),
  );
  return markdownTable(
    [
      'call',
      'round',
      'req/s this',
      'req/s ref',
      'req/s this/ref',
      'p95 ms this',
      'p95 ms ref',
      'p95 this/ref',
      `worse by > ${percent} %`,
    ],
    rows,
  );
}
