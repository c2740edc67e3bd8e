/**
 * Bytes to open the chapter settings screen (issue 13): opening /chapter/settings of a 200-page
 * chapter and scrolling its page list fetches ≤ 8 MB, because the list shows thumbnails, never
 * the originals.
 *
 *   npm run bench:settings-bytes -- [--pages 200] [--width 1600] [--postgres]
 * (needs the built web app: npm run build)
 * Every page has its own storyboard upload of a line-art page (bench/lib/line-art.ts), by default
 * 1600 × 2266 px (B4 at about 150 dpi, to keep seeding short; the thumbnails are the same size
 * whatever the original's), rendered as the render-page job does. The real server then runs with
 * the built web app, and Chromium (launched as the browser tests launch it, a new context, so an
 * empty cache) opens the screen as the founder, scrolls the first list page to its end, then
 * turns every list page and scrolls it. The bytes are what CDP says each response took on the
 * wire; the sum of the originals' sizes is the reference.
 */
import fs from 'node:fs';
import { ChapterStatus } from '@koma/shared';
import type { Page } from '@playwright/test';
import { benchData, loadAverage, logIn } from './lib/bench-server.js';
import { byKind, coldContext, countBytes, type Fetched, launchChromium, WEB_DIST } from './lib/browser.js';
import { lineArtPage } from './lib/line-art.js';
import { seedPageChapter } from './lib/page-chapter.js';
import { startServer } from './lib/processes.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = option('pages', 200);
const WIDTH = option('width', 1600);
const HEIGHT = Math.round((WIDTH * 8598) / 6071);
const BUDGET_BYTES = 8 * 1024 * 1024;
const MB = 1024 * 1024;

/** Scrolls the page list down to its end, a screen at a time, as a reader would. */
async function scrollList(page: Page): Promise<void> {
  const list = page.locator('ul.koma-settings-pages');
  for (;;) {
    const atEnd = await list.evaluate((ul) => {
      ul.scrollBy(0, ul.clientHeight * 0.8);
      return ul.scrollTop + ul.clientHeight >= ul.scrollHeight - 1;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
}

const total = (fetched: Fetched[]) => fetched.reduce((sum, f) => sum + f.bytes, 0);
const mb = (bytes: number) => +(bytes / MB).toFixed(2);

async function main() {
  if (!fs.existsSync(WEB_DIST)) throw new Error(`no built web app at ${WEB_DIST}: npm run build first`);
  const data = await benchData('koma-settings-bench', args.includes('--postgres'));
  const seeding = performance.now();
  const file = await lineArtPage({ width: WIDTH, height: HEIGHT });
  const chapter = await seedPageChapter(data.config, {
    pages: PAGES,
    status: ChapterStatus.WORKFLOW_SETUP,
    files: [file],
    render: true,
  });
  console.log(
    `${PAGES} pages of ${WIDTH} × ${HEIGHT} (${(file.length / MB).toFixed(2)} MB each) stored and rendered in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  const server = await startServer(data.databaseUrl, {
    dataDir: data.dataDir,
    env: { WEB_DIST_DIR: WEB_DIST },
  });
  const browser = await launchChromium();
  try {
    const token = await logIn(server.base);
    const load = loadAverage();
    const context = await coldContext(browser, server.base, token);
    const page = await context.newPage();
    const fetched = await countBytes(context, page);
    await page.goto(
      `${server.base}/chapter/settings?projectId=${chapter.projectId}&chapterId=${chapter.chapterId}`,
    );
    await page.locator('ul.koma-settings-pages img').first().waitFor();
    await page.waitForLoadState('networkidle');
    await scrollList(page);
    const firstOpen = fetched();

    const pagination = page.locator('.ant-pagination-next');
    let listPages = 1;
    while ((await pagination.getAttribute('aria-disabled')) !== 'true') {
      await pagination.click();
      listPages += 1;
      await page.waitForLoadState('networkidle');
      await scrollList(page);
    }
    const everyPage = fetched();
    await context.close();

    console.table({
      'first open, list scrolled': { MB: mb(total(firstOpen)), responses: firstOpen.length },
      [`every list page (${listPages}) scrolled`]: { MB: mb(total(everyPage)), responses: everyPage.length },
      [`originals of the ${PAGES} pages (reference)`]: { MB: mb(chapter.originalBytes), responses: '' },
    });
    console.table(
      Object.fromEntries(
        Object.entries(byKind(firstOpen)).map(([kind, v]) => [kind, { count: v.count, MB: mb(v.bytes) }]),
      ),
    );
    const met = total(firstOpen) <= BUDGET_BYTES;
    console.log(
      `first open: ${mb(total(firstOpen))} MB (budget 8 MB) → ${met ? 'budget met' : 'BUDGET MISSED'}; ${((100 * total(firstOpen)) / chapter.originalBytes).toFixed(1)} % of the originals; load average before: ${load}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    await data.remove();
  }
}

await main();
