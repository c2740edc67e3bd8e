import autocannon from 'autocannon';
import { percentile } from './stats.js';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 200, and socket errors or timeouts. */
  errors: number;
  statuses: Record<string, number>;
}

/**
 * Runs autocannon for `seconds` with `connections` connections, cycling through `requests`, and
 * measures every response's latency itself (autocannon's own percentiles stop at 97.5/99).
 */
export async function runLoad(
  base: string,
  requests: LoadRequest[],
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const instance = autocannon(
    {
      url: base,
      connections,
      duration: seconds,
      requests: requests.map((r) => ({
        method: r.method,
        path: r.path,
        headers: r.headers ?? {},
        ...(r.body === undefined ? {} : { body: r.body }),
      })),
    },
    () => {},
  );
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== 200) errors += 1;
    latencies.push(ms);
  });
  const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
  errors += result.errors + result.timeouts;
  return {
    requests: latencies.length,
    reqPerSec: +(latencies.length / (result.duration || seconds)).toFixed(1),
    p50: +percentile(latencies, 50).toFixed(2),
    p95: +percentile(latencies, 95).toFixed(2),
    p99: +percentile(latencies, 99).toFixed(2),
    errors,
    statuses,
  };
}
