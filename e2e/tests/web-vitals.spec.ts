import { COOKIE } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { confirmedUser } from '../support/accounts.js';

/**
 * Lab check of the first-load screens (issue 6, front-end budget), Lighthouse style: each screen
 * is opened in a fresh browser context (cold HTTP cache, nothing in memory) over Lighthouse's
 * desktop network profile (40 ms round trip, 10 Mbit/s), and read through the performance API:
 *
 * - LCP: the last 'largest-contentful-paint' entry (no input happens before it is read);
 * - CLS: 'layout-shift' entries without recent input, as the largest session window (shifts less
 *   than 1 s apart, at most 5 s long; the web-vitals definition); the sum of all is printed too;
 * - long tasks: count and total blocking time (the part of each task beyond 50 ms), printed.
 *
 * Like Lighthouse, each screen is loaded RUNS times and judged on the median run (the machine
 * may be busy with other work). Budgets: CLS ≤ 0.05 on every screen; LCP ≤ 2000 ms on a quiet
 * machine of the reference speed, checked by `npm run bench:first-screens` (it sets
 * KOMA_LCP_BUDGET_MS). Under `npm test` LCP is judged against /login's, measured in the same run:
 * an absolute time in a test fails on a slower machine (bench/README.md, "First screens").
 *
 * Nothing of Playwright runs in the page while it loads: no tracing (its DOM snapshots), and the
 * screen's content is checked only after the figures are settled (locators poll in the page and
 * would delay its paints).
 */
const CLS_BUDGET = 0.05;
/** Set by `npm run bench:first-screens`: the absolute budget, for a quiet machine. */
const ABSOLUTE_LCP_BUDGET_MS = process.env.KOMA_LCP_BUDGET_MS
  ? Number(process.env.KOMA_LCP_BUDGET_MS)
  : undefined;
/**
 * The static light screen every visitor meets first; the 2000 ms budget was set when it took
 * about 900 ms on the reference machine, so a screen may take at most 2.2 times as long.
 */
const REFERENCE_PATH = '/login';
const LCP_RATIO_BUDGET = 2.2;
const RUNS = 5;
const SETTLE_TIMEOUT_MS = 10_000;
/** Lighthouse's desktop throttling (no CPU slowdown on desktop). */
const NETWORK = {
  offline: false,
  latency: 40,
  downloadThroughput: (10 * 1024 * 1024) / 8,
  uploadThroughput: (10 * 1024 * 1024) / 8,
};

test.use({ trace: 'off' });

interface Vitals {
  lcp: number | null;
  lcpElement: string;
  cls: number;
  clsTotal: number;
  shifts: { value: number; at: number; sources: string[] }[];
  longTasks: number;
  totalBlockingTime: number;
  scripts: number;
}

declare global {
  interface Window {
    __vitals?: {
      lcp: { startTime: number; element: string }[];
      shifts: { value: number; at: number; sources: string[] }[];
      longTasks: number[];
    };
  }
}

/** Registered before any script of the page runs, so that nothing is missed. */
function observeVitals(): void {
  const nodeName = (node: Node | null | undefined): string => {
    if (!(node instanceof Element)) return node ? node.nodeName : '';
    const id = node.id ? `#${node.id}` : '';
    const cls =
      typeof node.className === 'string' && node.className
        ? `.${node.className.trim().split(/\s+/).join('.')}`
        : '';
    return `${node.tagName.toLowerCase()}${id}${cls}`.slice(0, 100);
  };
  const vitals: NonNullable<Window['__vitals']> = { lcp: [], shifts: [], longTasks: [] };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      vitals.lcp.push({ startTime: entry.startTime, element: nodeName(entry.element) });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    };
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      vitals.shifts.push({
        value: entry.value,
        at: entry.startTime,
        sources: (entry.sources ?? []).map((s) => nodeName(s.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** The largest session window of layout shifts (web-vitals' CLS). */
function sessionWindowCls(shifts: { value: number; at: number }[]): number {
  let best = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (current > 0 && shift.at - last < 1000 && shift.at - first < 5000) {
      current += shift.value;
    } else {
      current = shift.value;
      first = shift.at;
    }
    last = shift.at;
    best = Math.max(best, current);
  }
  return best;
}

const baseURL = (path: string) => new URL(path, test.info().project.use.baseURL).origin;

/**
 * Opens a path in a new context (cold cache), lets it load and settle, checks that the screen is
 * complete, then reads its figures.
 */
async function measureOnce(
  browser: Browser,
  path: string,
  ready: (page: Page) => Promise<void>,
  token?: string,
): Promise<Vitals> {
  const context = await browser.newContext();
  try {
    if (token) await context.addCookies([{ name: COOKIE.token, value: token, url: baseURL(path) }]);
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    let scripts = 0;
    const pending = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts += 1;
      pending.add(request.url());
    });
    page.on('requestfinished', (request) => pending.delete(request.url()));
    page.on('requestfailed', (request) => pending.delete(request.url()));
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    // The load event and network idle are only settling aids (the figures come from the
    // performance API), so each wait is bounded: a request that never ends (seen once in CI)
    // is named, and the measurement goes on.
    for (const state of ['load', 'networkidle'] as const) {
      await page.waitForLoadState(state, { timeout: SETTLE_TIMEOUT_MS }).catch(() => {
        console.log(
          `${path}: no '${state}' after ${SETTLE_TIMEOUT_MS} ms; pending: ${[...pending].join(', ')}`,
        );
      });
    }
    // Late paints and shifts (images, data arriving, lazily loaded parts) get time to happen.
    await page.waitForTimeout(1000);
    await ready(page);
    const raw = await page.evaluate(() => window.__vitals);
    if (!raw) throw new Error('The vitals observers did not run');
    const last = raw.lcp.at(-1);
    return {
      lcp: last ? Math.round(last.startTime) : null,
      lcpElement: last?.element ?? '',
      cls: sessionWindowCls(raw.shifts),
      clsTotal: raw.shifts.reduce((sum, s) => sum + s.value, 0),
      shifts: raw.shifts,
      longTasks: raw.longTasks.length,
      totalBlockingTime: Math.round(raw.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      scripts,
    };
  } finally {
    await context.close();
  }
}

function describeRun(v: Vitals): string {
  return (
    `LCP ${String(v.lcp ?? '-').padStart(5)} ms (${v.lcpElement})  CLS ${v.cls.toFixed(3)} ` +
    `(sum ${v.clsTotal.toFixed(3)})  long tasks ${v.longTasks} (TBT ${v.totalBlockingTime} ms)  ` +
    `scripts ${v.scripts}`
  );
}

interface Screen {
  path: string;
  label: string;
  ready: (page: Page) => Promise<void>;
  token?: string;
}

/** The median run of a screen by LCP, and the median CLS. */
function medians(path: string, runs: Vitals[]): { lcp: number; cls: number } {
  runs.forEach((v, i) => {
    console.log(`${path.padEnd(11)} run ${i + 1}: ${describeRun(v)}`);
    for (const shift of v.shifts) {
      console.log(
        `    shift ${shift.value.toFixed(4)} at ${Math.round(shift.at)} ms: ${shift.sources.join(', ')}`,
      );
    }
  });
  const middle = Math.floor(runs.length / 2);
  const lcp = [...runs].map((r) => r.lcp ?? Infinity).sort((a, b) => a - b)[middle] ?? Infinity;
  const cls = [...runs].map((r) => r.cls).sort((a, b) => a - b)[middle] ?? 0;
  console.log(`${path.padEnd(11)} median: LCP ${lcp} ms, CLS ${cls.toFixed(3)}`);
  return { lcp, cls };
}

/** A confirmed user who has closed the first-login dialog, logged in through the API. */
async function loggedInToken(request: APIRequestContext): Promise<string> {
  const user = await confirmedUser(request);
  const login = await request.post(contract.accounts.login.path, {
    data: { username: user.email, password: user.password },
  });
  const token = (await login.json()).data?.token as string | undefined;
  expect(token).toBeTruthy();
  const closed = await request.post(contract.accounts.closeFirstLogin.path, {
    data: {},
    headers: { token: token ?? '' },
  });
  expect(closed.status()).toBe(200);
  return token ?? '';
}

test.describe('web vitals, cold cache', () => {
  test.describe.configure({ timeout: 240_000 });

  test('/home, /login and /dashboard (logged in) load within budget', async ({ browser, request }) => {
    const screens: Screen[] = [
      {
        path: '/login',
        label: 'login',
        ready: async (page) => {
          await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
        },
      },
      {
        path: '/home',
        label: 'home',
        ready: async (page) => {
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        },
      },
      {
        path: '/dashboard',
        label: 'dashboard',
        token: await loggedInToken(request),
        ready: async (page) => {
          await expect(page).toHaveURL(/\/dashboard$/);
          await expect(page.getByRole('heading', { name: /ようこそ/ })).toBeVisible();
        },
      },
    ];
    // Rounds alternate the screens, so that a machine slowing down mid-run weighs on all alike.
    const runs = new Map<string, Vitals[]>(screens.map((s) => [s.path, []]));
    for (let round = 0; round < RUNS; round += 1) {
      for (const screen of screens) {
        runs.get(screen.path)?.push(await measureOnce(browser, screen.path, screen.ready, screen.token));
      }
    }
    const figures = new Map(screens.map((s) => [s.path, medians(s.path, runs.get(s.path) ?? [])]));
    const reference = figures.get(REFERENCE_PATH)?.lcp ?? Infinity;
    for (const screen of screens) {
      const { lcp, cls } = figures.get(screen.path) ?? { lcp: Infinity, cls: Infinity };
      for (const v of runs.get(screen.path) ?? []) {
        expect.soft(v.lcp, `${screen.path}: no largest-contentful-paint entry`).not.toBeNull();
      }
      expect.soft(cls, `${screen.path}: CLS (median of ${RUNS})`).toBeLessThanOrEqual(CLS_BUDGET);
      if (ABSOLUTE_LCP_BUDGET_MS !== undefined) {
        expect
          .soft(lcp, `${screen.path}: LCP (median of ${RUNS})`)
          .toBeLessThanOrEqual(ABSOLUTE_LCP_BUDGET_MS);
      } else if (screen.path !== REFERENCE_PATH) {
        const ratio = lcp / reference;
        console.log(`${screen.path.padEnd(11)} LCP ${ratio.toFixed(2)}× ${REFERENCE_PATH}`);
        expect
          .soft(ratio, `${screen.path}: LCP as a multiple of ${REFERENCE_PATH}'s`)
          .toBeLessThanOrEqual(LCP_RATIO_BUDGET);
      }
    }
  });
});
