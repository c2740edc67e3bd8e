/** Percentile of a list of latencies in ms (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, rank)] ?? Number.NaN;
}

export function summary(latencies: number[]) {
  return {
    requests: latencies.length,
    p50: +percentile(latencies, 50).toFixed(2),
    p95: +percentile(latencies, 95).toFixed(2),
    p99: +percentile(latencies, 99).toFixed(2),
  };
}

/** Each run's time in ms, after 20 unmeasured runs that warm the caches and the JIT. */
export async function timeRuns(runs: number, run: () => unknown): Promise<number[]> {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}
