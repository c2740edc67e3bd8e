/**
 * First sharp screen of the viewer (issue 13): ≤ 500 ms from the viewer opening a 52 MP page whose
 * tiles are ready until OpenSeadragon has every tile of the screen (cold cache, loopback). p50 and
 * p95 over --runs opens of /chapter/viewer.
 *
 *   npm run bench:viewer-open -- [--runs 10] [--postgres]
 * (needs the built web app: npm run build)
 * The page is the 600-dpi B4 grayscale line-art page of bench:renditions, rendered as the
 * render-page job does; the real server runs with the built web app. Each open is a new Chromium
 * context (launched as the browser tests launch it), so nothing is cached. The viewer sets the
 * mark `koma:viewer-sharp` when its image first reports every tile of the view loaded
 * (OpenSeadragon's fully-loaded-change, components/deep-zoom-view.tsx) and `koma:viewer-open` when
 * it hands OpenSeadragon the page; the budget is the time between (the viewer's own part, after
 * the app has started and read the chapter's pages), the time from navigation start is reported
 * beside it.
 */
import fs from 'node:fs';
import { ChapterStatus } from '@koma/shared';
import { benchData, loadAverage, logIn } from './lib/bench-server.js';
import {
  byKind,
  coldContext,
  countBytes,
  launchChromium,
  viewerUrl,
  WEB_DIST,
  waitForMark,
} from './lib/browser.js';
import { lineArtPage } from './lib/line-art.js';
import { seedPageChapter } from './lib/page-chapter.js';
import { startServer } from './lib/processes.js';
import { percentile } from './lib/stats.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = option('runs', 10);
const BUDGET_MS = 500;
const MB = 1024 * 1024;

async function main() {
  if (!fs.existsSync(WEB_DIST)) throw new Error(`no built web app at ${WEB_DIST}: npm run build first`);
  const data = await benchData('koma-viewer-bench', args.includes('--postgres'));
  const chapter = await seedPageChapter(data.config, {
    pages: 1,
    status: ChapterStatus.WORKFLOW_SETUP,
    files: [await lineArtPage()],
    render: true,
  });
  const server = await startServer(data.databaseUrl, {
    dataDir: data.dataDir,
    env: { WEB_DIST_DIR: WEB_DIST },
  });
  const browser = await launchChromium();
  try {
    const token = await logIn(server.base);
    const url = viewerUrl(server.base, chapter);
    const load = loadAverage();
    const rows: {
      fromNavigation: number;
      toOpen: number;
      fromOpen: number;
      tiles: number;
      tileMb: number;
    }[] = [];
    // One open first, not counted: the server's first replies plan their statements.
    for (let run = 0; run <= RUNS; run++) {
      const context = await coldContext(browser, server.base, token);
      const page = await context.newPage();
      const fetched = await countBytes(context, page);
      await page.goto(url);
      await waitForMark(page, 'koma:viewer-sharp');
      const times = await page.evaluate(() => {
        const sharp = performance.getEntriesByName('koma:viewer-sharp')[0]?.startTime ?? Number.NaN;
        const open = performance.getEntriesByName('koma:viewer-open')[0]?.startTime ?? Number.NaN;
        return { sharp, open };
      });
      const tiles = byKind(fetched()).tile ?? { count: 0, bytes: 0 };
      await context.close();
      if (run > 0)
        rows.push({
          fromNavigation: times.sharp,
          toOpen: times.open,
          fromOpen: times.sharp - times.open,
          tiles: tiles.count,
          tileMb: tiles.bytes / MB,
        });
    }
    const stat = (values: number[]) => ({
      'p50 ms': Math.round(percentile(values, 50)),
      'p95 ms': Math.round(percentile(values, 95)),
      'max ms': Math.round(Math.max(...values)),
    });
    console.table({
      'navigation start → sharp screen': stat(rows.map((r) => r.fromNavigation)),
      'navigation start → viewer opens the page (app started, pages read)': stat(rows.map((r) => r.toOpen)),
      'viewer opens the page → sharp screen': stat(rows.map((r) => r.fromOpen)),
    });
    const last = rows.at(-1);
    console.log(
      `tiles fetched for the first screen: ${last?.tiles} (${last?.tileMb.toFixed(2)} MB); ${RUNS} cold opens at 1280 × 800`,
    );
    const p95 = percentile(
      rows.map((r) => r.fromOpen),
      95,
    );
    const met = p95 <= BUDGET_MS;
    console.log(
      `p95 ${Math.round(p95)} ms from the viewer opening the page (budget ${BUDGET_MS}) → ${met ? 'budget met' : 'BUDGET MISSED'}; load average before: ${load}, after: ${loadAverage()}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    await data.remove();
  }
}

await main();
