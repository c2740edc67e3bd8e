/**
 * trial:render-bombs — issue 28: page files that cost nothing to send and everything to decode
 * (apps/server/src/test/render-bombs.ts), sent to the real server while others use it.
 *
 *   npm run trial:render-bombs [-- --postgres]
 *
 * Phase A: an account of no project uploads the bombs (type 11, as the web app does) while a
 * project member hands in a normal page to a started step and a new user signs up. Phase B: a
 * member hands the same bombs in to steps of their own project (so they are rendered), while a
 * member of another project hands in a normal page and a new user signs up. Throughout, the
 * resident memory of the server and its render processes is summed every 100 ms and
 * the health call (`contract.health`) asked every 50 ms. Asserted (the issue's budgets): the tree never more than 1 GB
 * over its idle RSS; the health call (`contract.health`) p99 ≤ 100 ms in each phase; the normal page previewed ≤ 5 s
 * after its hand-in and the sign-up mail written ≤ 5 s after the request, in each phase; no
 * rendition or render job for the stranger's files; each member's bomb ending as
 * docs/renditions.md says it must, read through the viewer the screens use. PGlite in a temp
 * DATA_DIR by default (its own TMPDIR, removed at the end); --postgres uses a throwaway database on
 * postgres://postgres@127.0.0.1:5432 (TRIAL_DATABASE_URL names another server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COOKIE, LiveEvent, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import pg from 'pg';
import { keyOfPath } from '../../apps/server/src/modules/uploads/upload-names.js';
import { oneBitPng, rlePsd, webpBomb } from '../../apps/server/src/test/render-bombs.js';
import { createThrowawayDatabase } from '../../apps/server/src/test/test-app.js';
import { lineArtPage } from '../../bench/lib/line-art.js';
import { type Child, startServer } from '../../bench/lib/processes.js';
import {
  Api,
  commitFile,
  mailedToken,
  ok,
  type PageIds,
  type Person,
  percentile,
  productionChapter,
  type Renditions,
  register,
  revisionOf,
  signUp,
  sleep,
  startStep,
  type Team,
  table,
} from './lib.js';
import { descendants, renders, type Watched, watchServer } from './server-watch.js';
import { trialRun } from './trial-run.js';

const { values: args } = parseArgs({ options: { postgres: { type: 'boolean', default: false } } });
const ADMIN_URL = process.env.TRIAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The issue's budgets. */
const RSS_OVER_IDLE_MB = 1024;
const HEALTH_P99_MS = 100;
const PREVIEWED_MS = 5_000;
const MAILED_MS = 5_000;

const HEALTH_EVERY_MS = 50;
const RSS_EVERY_MS = 100;
/** Two streamed 250 MP pages render at once, each within its 90 s (docs/renditions.md). */
const SETTLE_MS = 12 * 60_000;
/** How long a normal page may take to settle before the trial stops waiting for it. */
const PAGE_WAIT_MS = 120_000;
/** After phase A's calls answered: long enough for a render a stranger's file started to show. */
const QUIET_MS = 5_000;
/** The idle window the server's resident memory is measured in before phase A. */
const IDLE_MS = 5_000;
const GLOBAL_TIMEOUT_MS = 30 * 60_000;
const MB = 1024 * 1024;

const TOO_HEAVY = 'failed renditionTooHeavy';
/**
 * The bombs, and how each must end once handed in (docs/renditions.md, "Memory bounds"). A 1-bit
 * 250 MP PNG not interlaced is a real page that streams within a render's budget (239 MB): it is
 * rendered, unless the machine is so slow it passes its 90 s.
 */
const BOMBS = [
  { name: '38-byte WebP claiming 16383 × 15259', filename: 'bomb.webp', file: webpBomb(), ends: [TOO_HEAVY] },
  { name: '1-bit PNG 250 MP', filename: 'blank-1.png', file: oneBitPng(), ends: ['ready', TOO_HEAVY] },
  { name: '1-bit PNG 250 MP', filename: 'blank-2.png', file: oneBitPng(), ends: ['ready', TOO_HEAVY] },
  ...[3, 4].map((n) => ({
    name: '1-bit PNG 250 MP, interlaced',
    filename: `blank-${n}.png`,
    file: oneBitPng(undefined, undefined, { interlace: true }),
    ends: [TOO_HEAVY],
  })),
  { name: '16-bit RGB PSD 250 MP', filename: 'bomb.psd', file: rlePsd({ depth: 16 }), ends: [TOO_HEAVY] },
];
/** The normal page: an A4 page at 300 dpi, 8-bit grayscale line art (bench/lib/line-art.ts). */
const PAGE_SIZE = { width: 2480, height: 3508 };

let databaseUrl = '';
let dropDatabase = async () => {};
let server: (Child & { dataDir: string }) | undefined;
const { fail, dataDir, finish } = trialRun('render-bombs', GLOBAL_TIMEOUT_MS, async () => {
  await server?.stop().catch(() => {});
  await dropDatabase();
});
const tmpDir = path.join(dataDir, 'tmp');
fs.mkdirSync(tmpDir);

// --- what is watched throughout (server-watch.ts) ----------------------------------------------

type Phase = 'setup' | 'idle' | 'A' | 'between' | 'B';
const PHASES: Phase[] = ['setup', 'idle', 'A', 'between', 'B'];
/** When each phase began (epoch ms), in order. */
const spans: { phase: Phase; from: number }[] = [{ phase: 'setup', from: 0 }];
const enter = (phase: Phase) => spans.push({ phase, from: performance.timeOrigin + performance.now() });
const spanAt = (at: number) => spans.findLast((s) => s.from <= at) ?? (spans[0] as (typeof spans)[number]);

/** What was seen in one phase. */
interface PhaseFigures {
  treeBytes: number[];
  renders: Set<number>;
  rendersAtOnce: number;
  healthMs: number[];
  healthFailed: number;
  /** The slowest health calls: s into the phase they were sent, and ms they took. */
  slowest: { into: number; ms: number }[];
}

function byPhase({ health, tree }: Watched): Record<Phase, PhaseFigures> {
  const empty = (): PhaseFigures => ({
    treeBytes: [],
    renders: new Set(),
    rendersAtOnce: 0,
    healthMs: [],
    healthFailed: 0,
    slowest: [],
  });
  const figures = Object.fromEntries(PHASES.map((p) => [p, empty()])) as Record<Phase, PhaseFigures>;
  for (const sample of tree) {
    const f = figures[spanAt(sample.at).phase];
    f.treeBytes.push(sample.bytes);
    for (const pid of sample.renders) f.renders.add(pid);
    f.rendersAtOnce = Math.max(f.rendersAtOnce, sample.renders.length);
  }
  for (const { at, ms } of health) {
    const span = spanAt(at);
    const f = figures[span.phase];
    if (ms === null) f.healthFailed += 1;
    else {
      f.healthMs.push(ms);
      f.slowest.push({ into: (at - span.from) / 1000, ms });
    }
  }
  for (const f of Object.values(figures)) f.slowest = f.slowest.sort((x, y) => y.ms - x.ms).slice(0, 3);
  return figures;
}

// --- what the users do ------------------------------------------------------------------------

const elapsed = (since: number) => Math.round(performance.now() - since);

/**
 * The live-event stream of `who`, opened as the web app opens it (the session cookie):
 * `changed(ms)` resolves at the next `chapter` event (a page file's previews or tiles stored), or
 * after `ms`. The screens wait for these events rather than poll. `open` resolves once the stream
 * is subscribed (its first line came), or after 5 s.
 */
function chapterEvents(api: Api, who: Person) {
  const controller = new AbortController();
  let wake = () => {};
  let subscribed = () => {};
  const open = new Promise<void>((resolve) => {
    subscribed = resolve;
    setTimeout(resolve, 5_000);
  });
  const marker = `event: ${LiveEvent.CHAPTER}`;
  const listen = async () => {
    const res = await fetch(`${api.base}${contract.notices.stream.path}`, {
      headers: { cookie: `${COOKIE.token}=${who.token}` },
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let tail = '';
    for await (const chunk of res.body ?? []) {
      subscribed();
      const text = tail + decoder.decode(chunk, { stream: true });
      if (text.includes(marker)) wake();
      tail = text.slice(-marker.length);
    }
  };
  listen().catch(() => {});
  return {
    open,
    changed: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    close: () => controller.abort(),
  };
}

/** A member hands a normal page in to a started step: ms until the viewer shows its preview, or null. */
async function handInPage(api: Api, team: Team, ids: PageIds, stepId: number, file: Blob) {
  const events = chapterEvents(api, team.founder);
  await events.open;
  try {
    const sent = performance.now();
    await commitFile(api, team.artist, ids.projectId, stepId, file, 'page.png');
    while (performance.now() - sent < PAGE_WAIT_MS) {
      const r = (await revisionOf(api, team.founder, ids)).renditions;
      if (r.preview !== '' && (r.status === 'ready' || r.stage === 'tiles')) return elapsed(sent);
      if (r.status !== 'pending') return null;
      // A missed event costs at most this.
      await events.changed(1_000);
    }
    return null;
  } finally {
    events.close();
  }
}

/** A new user sends the sign-up form: ms until the mail is written, or null. */
async function signUpMailed(api: Api): Promise<number | null> {
  const sent = performance.now();
  const { email } = await register(api, 'creator');
  return mailedToken(api.mailDir, email, 20).then(
    () => elapsed(sent),
    () => null,
  );
}

/** The stranger's uploads: their paths. */
async function strangerUploads(api: Api, stranger: Person): Promise<string[]> {
  const paths: string[] = [];
  for (const bomb of BOMBS) {
    const form = { type: '11' };
    const data = await ok(
      api.upload(contract.uploads.upload.path, form, await bombFile(bomb), bomb.filename, stranger.token),
      `stranger's upload of ${bomb.filename}`,
    );
    paths.push(data.path as string);
  }
  return paths;
}

/** Waits until the page's rendition is no longer pending: its last renditions. */
async function settled(api: Api, who: Person, ids: PageIds, waitMs: number): Promise<Renditions> {
  const deadline = performance.now() + waitMs;
  let r = (await revisionOf(api, who, ids)).renditions;
  while (r.status === 'pending' && performance.now() < deadline) {
    await sleep(1000);
    r = (await revisionOf(api, who, ids)).renditions;
  }
  return r;
}

/** What became of a stranger's uploads, read on the database: attached, rendition rows, render jobs. */
async function strangersTrace(keys: string[]) {
  const sql = `
    select u.key, u.attached_at is not null as attached,
      (select count(*)::int from page_renditions r where r.upload_id = u.id) as renditions,
      (select count(*)::int from pgboss.job j
        where j.name = 'render-page' and j.data->>'uploadId' = u.id::text) as jobs
    from uploads u where u.key = any($1)`;
  type Trace = { key: string; attached: boolean; renditions: number; jobs: number };
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<Trace>(sql, [keys])).rows;
    } finally {
      await client.end();
    }
  }
  // PGlite: its folder is the stopped server's alone.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    return (await db.query<Trace>(sql, [keys])).rows;
  } finally {
    await db.close();
  }
}

/**
 * The bomb as a file in the trial's folder, sent from disk: a 23 MB Buffer encoded as a multipart
 * body held the trial's own event loop 0.8 s.
 */
async function bombFile(bomb: (typeof BOMBS)[number]): Promise<Blob> {
  const file = path.join(dataDir, 'bombs', bomb.filename);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bomb.file);
  }
  return fs.openAsBlob(file);
}

// --- the trial ----------------------------------------------------------------------------------

/** The setup: two production chapters (one with a step per bomb), a stranger, the steps started. */
async function setUp(api: Api) {
  const one = await productionChapter(api, 1 + BOMBS.length);
  const two = await productionChapter(api, 1, one);
  const stranger = await signUp(api, 'creator');
  const stepsOne: number[] = [];
  for (let i = 0; i < one.pageIds.length; i++) stepsOne.push(await startStep(api, one, idsOf(one, i)));
  const stepTwo = await startStep(api, two, idsOf(two, 0));
  return { one, two, stranger, stepsOne, stepTwo };
}

type Chapter = Awaited<ReturnType<typeof productionChapter>>;
const idsOf = (chapter: Chapter, index: number): PageIds => ({
  projectId: chapter.projectId,
  chapterId: chapter.chapterId,
  pageId: chapter.pageIds[index] as number,
});

/** Waits until no render process has run for 3 s (the setup's storyboard pages and covers). */
async function quietDown(pid: number) {
  // Read here rather than in the watch: the trial waits for it.
  const since = performance.now();
  let quiet = performance.now();
  while (performance.now() - quiet < 3_000 && performance.now() - since < PAGE_WAIT_MS) {
    if (renders(descendants(pid)).length > 0) quiet = performance.now();
    await sleep(RSS_EVERY_MS);
  }
}

async function run(api: Api, pid: number, pages: [Blob, Blob]) {
  const { one, two, stranger, stepsOne, stepTwo } = await setUp(api);
  await quietDown(pid);
  enter('idle');
  await sleep(IDLE_MS);

  enter('A');
  const phaseAStarted = performance.now();
  const [strangerPaths, previewedA, mailedA] = await Promise.all([
    strangerUploads(api, stranger),
    handInPage(api, one, idsOf(one, 0), stepsOne[0] as number, pages[0]),
    signUpMailed(api),
  ]);
  await sleep(QUIET_MS);
  const phaseAMs = elapsed(phaseAStarted);
  enter('between');
  const pageA = await settled(api, one.founder, idsOf(one, 0), PAGE_WAIT_MS);

  enter('B');
  const phaseBStarted = performance.now();
  const handedIn: number[] = [];
  const memberBombs = async () => {
    for (const [i, bomb] of BOMBS.entries()) {
      handedIn[i] = performance.now();
      const file = await bombFile(bomb);
      await commitFile(api, one.artist, one.projectId, stepsOne[i + 1] as number, file, bomb.filename);
    }
  };
  const [, previewedB, mailedB] = await Promise.all([
    memberBombs(),
    handInPage(api, two, idsOf(two, 0), stepTwo, pages[1]),
    signUpMailed(api),
  ]);
  const bombs: { r: Renditions; settledS: number }[] = [];
  for (const [i] of BOMBS.entries()) {
    const left = SETTLE_MS - (performance.now() - phaseBStarted);
    const r = await settled(api, one.founder, idsOf(one, i + 1), left);
    bombs.push({ r, settledS: +((performance.now() - (handedIn[i] ?? 0)) / 1000).toFixed(1) });
  }
  const phaseBMs = elapsed(phaseBStarted);
  enter('between');
  const pageB = await settled(api, two.founder, idsOf(two, 0), PAGE_WAIT_MS);
  return {
    strangerKeys: strangerPaths.map((p) => keyOfPath(p) ?? p),
    bombs,
    phaseMs: { A: phaseAMs, B: phaseBMs },
    previewed: { A: previewedA, B: previewedB },
    mailed: { A: mailedA, B: mailedB },
    normalPage: { A: pageA, B: pageB },
  };
}

// --- the figures --------------------------------------------------------------------------------

type Run = Awaited<ReturnType<typeof run>>;
type Trace = Awaited<ReturnType<typeof strangersTrace>>[number];
type Figures = Record<Phase, PhaseFigures>;
const mb = (bytes: number) => Math.round(bytes / MB);
const maxOf = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);
const ms = (value: number | null) => (value === null ? 'never' : value);
/** Replies carry the reason in the reader's language (ja here): its message key again. */
const reasonKey = (text: string) => Object.entries(MESSAGES.ja).find(([, t]) => t === text)?.[0] ?? text;
const ended = (r: Renditions) => `${r.status}${r.reason ? ` ${reasonKey(r.reason)}` : ''}`;
const idleRssOf = (figures: Figures) => percentile(figures.idle.treeBytes, 50);

/** Every assertion of the issue, as failures. */
function judge(result: Run, traces: Trace[], figures: Figures) {
  const idleRss = idleRssOf(figures);
  for (const p of ['A', 'between', 'B'] as const) {
    const over = mb(maxOf(figures[p].treeBytes) - idleRss);
    if (over > RSS_OVER_IDLE_MB) fail(`${p}: server tree RSS ${over} MB over its idle ${mb(idleRss)} MB`);
  }
  for (const p of ['A', 'B'] as const) {
    const { healthMs, healthFailed } = figures[p];
    const p99 = percentile(healthMs, 99);
    if (p99 > HEALTH_P99_MS) fail(`phase ${p}: health call p99 ${Math.round(p99)} ms`);
    if (healthFailed > 0) fail(`phase ${p}: ${healthFailed} /api/health calls failed`);
    const page = result.previewed[p];
    if (page === null || page > PREVIEWED_MS)
      fail(`phase ${p}: the normal page previewed after ${ms(page)} ms`);
    const mail = result.mailed[p];
    if (mail === null || mail > MAILED_MS) fail(`phase ${p}: the sign-up mail written after ${ms(mail)} ms`);
    const r = result.normalPage[p];
    if (r.status !== 'ready') fail(`phase ${p}: the normal page ended ${ended(r)}`);
  }
  if (traces.length !== BOMBS.length)
    fail(`${traces.length} of the stranger's ${BOMBS.length} uploads found`);
  for (const trace of traces)
    if (trace.renditions > 0 || trace.jobs > 0 || trace.attached)
      fail(
        `stranger's ${trace.key}: attached ${trace.attached}, ${trace.renditions} renditions, ${trace.jobs} jobs`,
      );
  for (const [i, { r }] of result.bombs.entries()) {
    const bomb = BOMBS[i];
    if (bomb && !bomb.ends.includes(ended(r)))
      fail(`member's ${bomb.filename} ended ${ended(r)}, not ${bomb.ends.join(' or ')}`);
  }
}

function printPhases(result: Run, figures: Figures) {
  const peak = (p: Phase) => mb(maxOf(figures[p].treeBytes));
  const health = (p: Phase) => {
    const values = figures[p].healthMs;
    return `${[50, 99].map((q) => Math.round(percentile(values, q))).join(' / ')} / ${Math.round(maxOf(values))}`;
  };
  const row = (check: string, of: (p: 'idle' | 'A' | 'B') => string | number, limit: string) => ({
    check,
    idle: of('idle'),
    'phase A': of('A'),
    'phase B': of('B'),
    limit,
  });
  const inPhase = (of: (p: 'A' | 'B') => string | number) => (p: 'idle' | 'A' | 'B') =>
    p === 'idle' ? '' : of(p);
  table([
    row('length, s', (p) => ((p === 'idle' ? IDLE_MS : result.phaseMs[p]) / 1000).toFixed(1), ''),
    row('server tree RSS max, MB', peak, ''),
    row('over idle RSS, MB', (p) => peak(p) - mb(idleRssOf(figures)), `≤ ${RSS_OVER_IDLE_MB}`),
    row(
      'render processes seen / at once',
      (p) => `${figures[p].renders.size} / ${figures[p].rendersAtOnce}`,
      '',
    ),
    row(
      'health call answers (failed)',
      (p) => `${figures[p].healthMs.length} (${figures[p].healthFailed})`,
      '0 failed',
    ),
    row('health call p50 / p99 / max, ms', health, `p99 ≤ ${HEALTH_P99_MS}`),
    row(
      'health call answers > 100 ms',
      (p) => figures[p].healthMs.filter((v) => v > HEALTH_P99_MS).length,
      '',
    ),
    row(
      'normal page previewed, ms',
      inPhase((p) => ms(result.previewed[p])),
      `≤ ${PREVIEWED_MS}`,
    ),
    row(
      'normal page ended',
      inPhase((p) => ended(result.normalPage[p])),
      'ready',
    ),
    row(
      'sign-up mail written, ms',
      inPhase((p) => ms(result.mailed[p])),
      `≤ ${MAILED_MS}`,
    ),
  ]);
  for (const p of ['A', 'B'] as const) {
    const calls = figures[p].slowest.map((c) => `${Math.round(c.ms)} ms (sent ${c.into.toFixed(1)} s in)`);
    console.log(`phase ${p}, slowest health calls: ${calls.join(', ')}`);
  }
  const idle = figures.idle.treeBytes.length;
  console.log(`idle RSS: median of ${idle} samples; between the phases, peak ${peak('between')} MB\n`);
}

function printBombs(result: Run, traces: Trace[]) {
  table(
    BOMBS.map((bomb, i) => {
      const trace = traces.find((t) => t.key === result.strangerKeys[i]);
      const outcome = result.bombs[i];
      return {
        file: bomb.filename,
        what: bomb.name,
        bytes: bomb.file.length,
        'A: attached / renditions / jobs': trace
          ? `${trace.attached} / ${trace.renditions} / ${trace.jobs}`
          : 'missing',
        'B: ended': outcome ? ended(outcome.r) : '',
        'B: settled by, s': outcome?.settledS ?? '',
        expected: bomb.ends.join(' or '),
      };
    }),
  );
}

if (args.postgres) {
  const throwaway = await createThrowawayDatabase(ADMIN_URL);
  databaseUrl = throwaway.url;
  dropDatabase = throwaway.drop;
}
const started = performance.now();
try {
  const [pageA, pageB] = await Promise.all([lineArtPage(PAGE_SIZE, 42), lineArtPage(PAGE_SIZE, 43)]);
  server = await startServer(databaseUrl, { dataDir, env: { LOG_LEVEL: 'warn', TMPDIR: tmpDir } });
  const pid = server.pid;
  const watch = await watchServer({
    pid,
    base: server.base,
    healthEveryMs: HEALTH_EVERY_MS,
    rssEveryMs: RSS_EVERY_MS,
  });
  const api = new Api(server.base, path.join(dataDir, 'mail'));
  const result = await run(api, pid, [new Blob([new Uint8Array(pageA)]), new Blob([new Uint8Array(pageB)])]);
  const figures = byPhase(await watch.stop());
  await server.stop();
  const traces = await strangersTrace(result.strangerKeys);
  judge(result, traces, figures);
  const loads = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\ntrial:render-bombs on ${args.postgres ? 'PostgreSQL' : 'PGlite'}, load average ${loads} at the end; ` +
      `normal page ${PAGE_SIZE.width} × ${PAGE_SIZE.height} grayscale PNG, ${Math.round(pageA.length / 1024)} KB`,
  );
  printPhases(result, figures);
  printBombs(result, traces);
} catch (err) {
  fail(`aborted: ${(err as Error).stack ?? err}`);
}
await finish(started);
