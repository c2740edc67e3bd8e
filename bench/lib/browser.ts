import path from 'node:path';
import { COOKIE } from '@koma/shared';
import { routeBase, routes } from '@koma/shared/routes';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.js';

/** The built web app the benches' server hands out (`npm run build`). */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** Chromium as the browser tests launch it (e2e/support/chromium.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A new context (an empty cache, as a first visit) signed in with `token`. */
export async function coldContext(browser: Browser, base: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: COOKIE.token, value: token, url: base }]);
  return context;
}

export interface Fetched {
  url: string;
  /** Bytes on the wire: headers and the (compressed) body. */
  bytes: number;
}

/**
 * Every response the page loads from now on, with the bytes it took on the wire (CDP
 * Network.loadingFinished encodedDataLength).
 */
export async function countBytes(context: BrowserContext, page: Page): Promise<() => Fetched[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const fetched: Fetched[] = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) =>
    fetched.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength }),
  );
  return () => [...fetched];
}

/** What a list of responses is: the app's code and styles, API replies, renditions, the rest. */
export function byKind(fetched: Fetched[]): Record<string, { count: number; bytes: number }> {
  const kinds: Record<string, { count: number; bytes: number }> = {};
  for (const { url, bytes } of fetched) {
    const { pathname } = new URL(url);
    const kind = pathname.includes('/tiles_files/')
      ? 'tile'
      : pathname.startsWith(routeBase(routes.uploads.rendition))
        ? pathname.slice(pathname.lastIndexOf('/') + 1)
        : pathname.startsWith(routeBase(routes.uploads.file))
          ? 'public file'
          : pathname.startsWith('/api/')
            ? 'api'
            : /\.(js|css)$/.test(pathname)
              ? 'app code'
              : 'other';
    const entry = kinds[kind] ?? { count: 0, bytes: 0 };
    kinds[kind] = { count: entry.count + 1, bytes: entry.bytes + bytes };
  }
  return kinds;
}

/** The viewer on page 1 of a chapter, as the chapter screen links to it. */
export const viewerUrl = (base: string, at: { projectId: number; chapterId: number }) =>
  `${base}/chapter/viewer?projectId=${at.projectId}&chapterId=${at.chapterId}&page=1`;

/** Waits (30 s at most) until the page has set the performance mark `name`. */
export async function waitForMark(page: Page, name: string): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, {
    timeout: 30_000,
  });
}
