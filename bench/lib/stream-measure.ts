import http from 'node:http';

const MB = 1024 * 1024;

/** Streams one download over HTTP; the bytes are counted and dropped, so the memory measured is the server's. */
export function download(url: string): Promise<{ firstByteMs: number; totalMs: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    let bytes = 0;
    http
      .get(url, (res) => {
        if (res.statusCode !== 200) reject(new Error(`download answered ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ firstByteMs, totalMs: performance.now() - started, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * One download with this process's memory sampled every 5 ms (node --expose-gc collects first):
 * the peak RSS and the peak of heap + external (Buffers) above where they stood before.
 */
export async function measuredDownload(url: string) {
  global.gc?.();
  const baseline = process.memoryUsage();
  const live = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  let peak = baseline.rss;
  let peakLive = live(baseline);
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakLive = Math.max(peakLive, live(m));
  };
  const sampler = setInterval(sample, 5);
  try {
    const result = await download(url);
    sample();
    return {
      'size MB': +(result.bytes / MB).toFixed(1),
      'first byte ms': +result.firstByteMs.toFixed(1),
      'total s': +(result.totalMs / 1000).toFixed(2),
      'MB/s': +(result.bytes / MB / (result.totalMs / 1000)).toFixed(0),
      'extra RSS MB': +((peak - baseline.rss) / MB).toFixed(1),
      'extra heap+external MB': +((peakLive - live(baseline)) / MB).toFixed(1),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** A run's measures: the heap + external of a server in another process are not known. */
type Measured = {
  'first byte ms': number;
  'extra RSS MB': number;
  'extra heap+external MB'?: number;
  /** A server's process group, its children included (bench/lib/group-memory.ts). */
  'group extra PSS MB'?: number;
};

/** Prints the runs and the worst of them against the budget; true when every run met it. */
export function reportBudget(rows: Measured[], budget: { extraMemoryMb: number; firstByteMs: number }) {
  console.table(rows);
  const worst = {
    firstByteMs: Math.max(...rows.map((r) => r['first byte ms'])),
    extraMemoryMb: Math.max(
      ...rows.map((r) =>
        Math.max(r['extra RSS MB'], r['extra heap+external MB'] ?? 0, r['group extra PSS MB'] ?? 0),
      ),
    ),
  };
  const met = worst.firstByteMs <= budget.firstByteMs && worst.extraMemoryMb <= budget.extraMemoryMb;
  console.log(
    `worst: first byte ${worst.firstByteMs} ms (budget ${budget.firstByteMs}), extra memory ${worst.extraMemoryMb} MB (budget ${budget.extraMemoryMb}) → ${met ? 'budget met' : 'BUDGET MISSED'}`,
  );
  return met;
}
