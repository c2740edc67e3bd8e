/**
 * API reads while pages render (issue 13): p95 ≤ 100 ms for a second client's read calls while
 * four 52 MP uploads (600-dpi B4 grayscale PNG, 6071 × 8598) render at once in the real server.
 *
 *   npm run bench:renditions-reads -- [--postgres] [--reference-seconds 10] [--env KEY=VALUE …]
 * The server runs as `npm start` runs it (a child process, its heap cap, its job runner at its
 * default concurrency) on PGlite in a temporary folder, or with --postgres on a throwaway
 * PostgreSQL database (BENCH_DATABASE_URL). The founder, assignee of a step on four pages, hands
 * in four pages at once (/api/uploadFile/upload, then workflow/actionCommit); meanwhile one client calls, one after the other, the storyboard list
 * (page/getList), the viewer's pages (workflow/viewerPages) and the dashboard (homePage), until
 * all four pages are ready. The same reads on the idle server, just before, are the reference.
 * --env passes settings to the server (VIPS_CONCURRENCY=1, JOB_CONCURRENCY=1, …) to find causes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ChapterStatus, StepStatus, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { apiPost, benchData, loadAverage, logIn } from './lib/bench-server.js';
import { lineArtPage } from './lib/line-art.js';
import { seedPageChapter } from './lib/page-chapter.js';
import { startServer } from './lib/processes.js';
import { percentile } from './lib/stats.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const serverEnv = Object.fromEntries(
  args.flatMap((a, i) => (args[i - 1] === '--env' ? [a.split('=', 2) as [string, string]] : [])),
);
const UPLOADS = 4;
const REFERENCE_MS = option('reference-seconds', 10) * 1000;
const BUDGET_P95_MS = 100;
/** A reader's pause between calls: one client, not a load test. */
const PAUSE_MS = 20;
const MB = 1024 * 1024;

interface ViewerPages {
  pages: { num: number; revisions: { renditions: { status: string } }[] }[];
}

type Latencies = Record<string, number[]>;

async function main() {
  const data = await benchData('koma-reads-bench', args.includes('--postgres'));
  const chapter = await seedPageChapter(data.config, {
    pages: 20,
    status: ChapterStatus.IN_PRODUCTION,
    step: StepStatus.IN_PROGRESS,
  });
  const page = await lineArtPage();
  const server = await startServer(data.databaseUrl, { dataDir: data.dataDir, env: serverEnv });
  try {
    const token = await logIn(server.base);
    const where = { projectId: chapter.projectId, chapterId: chapter.chapterId };
    let readyCount = 0;
    const reads: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'page/getList', run: () => apiPost(server.base, token, contract.pages.list.path, where) },
      {
        name: 'workflow/viewerPages',
        run: async () => {
          const reply = await apiPost<ViewerPages>(server.base, token, contract.workflow.viewer.path, where);
          readyCount = reply.pages.filter((p) => p.revisions.at(-1)?.renditions.status === 'ready').length;
        },
      },
      {
        name: 'cartoonser/homePage',
        run: async () => {
          const res = await fetch(`${server.base}/api/cartoonser/homePage`, { headers: { token } });
          if (!res.ok) throw new Error(`homePage: ${res.status}`);
          await res.arrayBuffer();
        },
      },
    ];
    const readUntil = async (done: () => boolean): Promise<Latencies> => {
      const seen: Latencies = Object.fromEntries(reads.map((r) => [r.name, []]));
      for (let i = 0; !done(); i++) {
        const read = reads[i % reads.length];
        if (!read) continue;
        const started = performance.now();
        await read.run();
        seen[read.name]?.push(performance.now() - started);
        await sleep(PAUSE_MS);
      }
      return seen;
    };

    // Warm-up: each call once (first queries plan their statements).
    await readUntil(
      (
        (n) => () =>
          n-- <= 0
      )(reads.length * 2),
    );
    console.log(`page ${(page.length / MB).toFixed(1)} MB; load average before: ${loadAverage()}`);
    server.takeWindowMaxMb();
    const referenceEnd = performance.now() + REFERENCE_MS;
    const reference = await readUntil(() => performance.now() > referenceEnd);
    const idleRssMb = server.takeWindowMaxMb();

    const started = performance.now();
    const uploads = Promise.all(
      chapter.stepIds.slice(0, UPLOADS).map(async (workflowStepId, i) => {
        const form = new FormData();
        form.set('type', String(UploadType.PAGE));
        form.set('file', new Blob([new Uint8Array(page)], { type: 'image/png' }), `p${i + 1}.png`);
        const res = await fetch(`${server.base}/api/uploadFile/upload`, {
          method: 'POST',
          headers: { token },
          body: form,
        });
        if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
        const { data: stored } = (await res.json()) as { data: { path: string } };
        await apiPost(server.base, token, contract.workflow.commit.path, {
          projectId: chapter.projectId,
          workflowStepId,
          filePath: stored.path,
        });
        return performance.now() - started;
      }),
    );
    let uploadsMs: number[] = [];
    uploads.then((ms) => {
      uploadsMs = ms;
    });
    const deadline = started + 300_000;
    const during = await readUntil(() => readyCount >= UPLOADS || performance.now() > deadline);
    const renderedMs = performance.now() - started;
    await uploads;
    const busyRssMb = server.takeWindowMaxMb();

    const rows = [];
    const all = { reference: [] as number[], during: [] as number[] };
    for (const { name } of reads) {
      const ref = reference[name] ?? [];
      const busy = during[name] ?? [];
      all.reference.push(...ref);
      all.during.push(...busy);
      rows.push(row(name, ref, busy));
    }
    rows.push(row('every read', all.reference, all.during));
    console.table(rows);
    const p95 = percentile(all.during, 95);
    const met = p95 <= BUDGET_P95_MS && readyCount === UPLOADS;
    if (readyCount < UPLOADS) console.log(`only ${readyCount} of ${UPLOADS} pages ready after 300 s`);
    console.log(
      `${UPLOADS} uploads stored after ${seconds(Math.max(...uploadsMs))} s, all rendered after ${seconds(renderedMs)} s; server RSS max ${idleRssMb} MB idle, ${busyRssMb} MB while rendering` +
        `${Object.keys(serverEnv).length ? `; server env ${JSON.stringify(serverEnv)}` : ''}`,
    );
    console.log(
      `reads while rendering: p95 ${p95.toFixed(1)} ms (budget ${BUDGET_P95_MS}) → ${met ? 'budget met' : 'BUDGET MISSED'}; load average after: ${loadAverage()}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await server.stop();
    await data.remove();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const fixed = (ms: number) => +ms.toFixed(1);

function row(name: string, reference: number[], during: number[]) {
  return {
    call: name,
    'idle n': reference.length,
    'idle p50 ms': fixed(percentile(reference, 50)),
    'idle p95 ms': fixed(percentile(reference, 95)),
    'rendering n': during.length,
    'rendering p50 ms': fixed(percentile(during, 50)),
    'rendering p95 ms': fixed(percentile(during, 95)),
    'rendering max ms': fixed(Math.max(...during)),
  };
}

await main();
