/**
 * Rendition budgets (issue 13), for a 52 MP 600-dpi B4 grayscale page (6071 × 8598, 8-bit PNG):
 * thumbnail and preview ready ≤ 3 s and tiles ready ≤ 15 s (p95 of --runs renders one at a time),
 * and four renders at once add ≤ 400 MB to the process's resident memory.
 *
 *   npm run bench:renditions -- [--runs 20] [--concurrent 4]
 * (node --expose-gc, so the memory baseline starts from a collected heap)
 * Renders run in this process as the job runs them in the server: renderUpload() on a PGlite
 * database and local disk storage. "Previews ready" is when the row first names thumbnail and
 * preview (polled every 20 ms, as a reader would see it), "tiles ready" when the row is ready.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { B4_600DPI, lineArtPage } from './lib/line-art.js';
import { loadAverage, renderBench, timedRender, uploadPage } from './lib/render-timing.js';
import { percentile } from './lib/stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = arg('runs', 20);
const CONCURRENT = arg('concurrent', 4);
const { width: WIDTH, height: HEIGHT } = B4_600DPI;
const BUDGET = { previewsMs: 3_000, tilesMs: 15_000, extraMemoryMb: 400 };
const MB = 1024 * 1024;
const POLL_MS = 20;

async function main() {
  const { db, storage, user, close } = await renderBench();

  const loadBefore = loadAverage();
  const page = await lineArtPage();
  console.log(
    `page: ${WIDTH} × ${HEIGHT} grayscale PNG, ${(page.length / MB).toFixed(1)} MB; ${os.cpus().length} CPUs`,
  );

  // One render to load sharp and warm the disk cache; not counted.
  await timedRender(db, storage, await uploadPage(db, storage, user.id, page));

  // Four at once first, while the process holds only what one render left behind.
  const ids = [];
  for (let i = 0; i < CONCURRENT; i++) ids.push(await uploadPage(db, storage, user.id, page));
  global.gc?.();
  await sleep(200);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, POLL_MS);
  const together = performance.now();
  const concurrent = await Promise.all(ids.map((id) => timedRender(db, storage, id)));
  const togetherMs = performance.now() - together;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const extraMb = (peak - baseline) / MB;

  const runs: { previewsMs: number; tilesMs: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const uploadId = await uploadPage(db, storage, user.id, page);
    runs.push(await timedRender(db, storage, uploadId));
  }
  const previews = runs.map((r) => r.previewsMs);
  const tiles = runs.map((r) => r.tilesMs);

  const seconds = (ms: number) => +(ms / 1000).toFixed(2);
  console.table([
    {
      measure: `previews ready (${RUNS} one at a time)`,
      'p50 s': seconds(percentile(previews, 50)),
      'p95 s': seconds(percentile(previews, 95)),
      'budget s': BUDGET.previewsMs / 1000,
    },
    {
      measure: `tiles ready (${RUNS} one at a time)`,
      'p50 s': seconds(percentile(tiles, 50)),
      'p95 s': seconds(percentile(tiles, 95)),
      'budget s': BUDGET.tilesMs / 1000,
    },
    {
      measure: `previews ready (${CONCURRENT} at once)`,
      'p50 s': seconds(
        percentile(
          concurrent.map((r) => r.previewsMs),
          50,
        ),
      ),
      'p95 s': seconds(
        percentile(
          concurrent.map((r) => r.previewsMs),
          95,
        ),
      ),
      'budget s': '',
    },
    {
      measure: `tiles ready (${CONCURRENT} at once)`,
      'p50 s': seconds(
        percentile(
          concurrent.map((r) => r.tilesMs),
          50,
        ),
      ),
      'p95 s': seconds(
        percentile(
          concurrent.map((r) => r.tilesMs),
          95,
        ),
      ),
      'budget s': '',
    },
  ]);
  console.log(
    `${CONCURRENT} at once: all done in ${seconds(togetherMs)} s; RSS ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB, extra ${extraMb.toFixed(0)} MB (budget ${BUDGET.extraMemoryMb})`,
  );
  const met =
    percentile(previews, 95) <= BUDGET.previewsMs &&
    percentile(tiles, 95) <= BUDGET.tilesMs &&
    extraMb <= BUDGET.extraMemoryMb;
  console.log(`load average before: ${loadBefore}; ${met ? 'every budget met' : 'BUDGET MISSED'}`);
  await close();
  if (!met) process.exitCode = 1;
}

await main();
