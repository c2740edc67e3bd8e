/**
 * The read-speed guard of issue 27 (`npm run bench:compare -- <git ref>`): this checkout against
 * another version, on the same machine in one run, so that the machine's swings (a third between
 * runs on a shared one) fall on both alike. See HELP and bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logIn } from './lib/bench-server.js';
import { benchCalls, isRead, SUITE_LOAD, warmUp } from './lib/calls.js';
import {
  checkOutAndInstall,
  describeCommit,
  hasLocalChanges,
  REPO_ROOT,
  runCommand,
} from './lib/checkout.js';
import { Cleanups } from './lib/cleanups.js';
import { type CallRounds, comparisonTable, isRegression } from './lib/compare-report.js';
import { type LoadResult, runLoad } from './lib/load.js';
import { createDatabase, dropDatabase, POSTGRES_URL } from './lib/postgres.js';
import { startServer } from './lib/processes.js';
import { BENCH_PASSWORD, countRows, sizeOf } from './lib/seed.js';
import { BENCH_USER, type WorldSize, worldFromArgs } from './lib/seed-world.js';

const HELP = `npm run bench:compare -- <git ref> [options]

Measures the read calls of the load suite (npm run bench) on this checkout (its working tree,
uncommitted changes included) and on <git ref>, alternately in one run: round 1 this, ref;
round 2 this, ref; … Each version is checked out (the ref in a temporary git worktree, npm ci),
seeded by its own seed into its own PostgreSQL database with the same world, and served by its own
server, started fresh for each turn. The load client and the calls are this checkout's.

Prints, per read call and round, req/s and p95 of both versions and the ratios this/ref, as a
Markdown table for bench/README.md.

A read is WORSE in a round when this version's req/s < (1 − t) × the ref's, or its p95 > (1 + t) ×
the ref's, or it answered anything but 200 (t = --threshold, 15 %). The exit code is 1 when some
read is worse in EVERY round, 0 otherwise, 2 when the run itself failed or ran out of time.

Options:
  --rounds N          rounds of this + ref (default 2, at least 2)
  --threshold P       percent (default 15)
  --seconds N         per call and turn (default ${SUITE_LOAD.seconds}, as the suite)
  --connections N     (default ${SUITE_LOAD.connections}, as the suite)
  --people N --pages N  a smaller world in the suite's proportions, to try the guard
                      (default issue 6's: 100000 people, 1000000 pages); --small = 5000 / 50000
  --only a,b          read calls whose name contains a or b
  --timeout-minutes N cleans up and gives up after N minutes (default 90)

PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), on
127.0.0.1 only. Worktree, databases and servers are removed at the end, on Ctrl-C and on timeout.`;

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const VALUED = [
  'rounds',
  'threshold',
  'seconds',
  'connections',
  'people',
  'pages',
  'only',
  'timeout-minutes',
];
const REF = args.find((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1]?.slice(2) ?? ''));
const ROUNDS = Number(option('rounds') ?? 2);
const THRESHOLD = Number(option('threshold') ?? 15) / 100;
const SECONDS = Number(option('seconds') ?? SUITE_LOAD.seconds);
const CONNECTIONS = Number(option('connections') ?? SUITE_LOAD.connections);
const ONLY = option('only')?.split(',');
const TIME_LIMIT_MS = Number(option('timeout-minutes') ?? 90) * 60_000;

interface Version {
  label: 'this' | 'ref';
  root: string;
  databaseUrl: string;
  size: WorldSize;
  counts: Record<string, number>;
}

const cleanups = new Cleanups();
const startedMs = performance.now();
/** A line of progress on stderr (stdout is the report's), with the minutes and seconds since the start. */
const progress = (line: string) => {
  const s = Math.round((performance.now() - startedMs) / 1000);
  console.error(`[${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}] ${line}`);
};

/**
 * A database of its own seeded by the version's own seed (bench/seed-database.ts; a ref from
 * before that file gets this one, which calls the ref's `seedDatabase`), in a child process.
 */
async function seedVersion(label: Version['label'], root: string, world: WorldSize): Promise<Version> {
  const database = await createDatabase();
  cleanups.add(`database ${database.name}`, () => dropDatabase(database.name));
  const entry = 'bench/seed-database.ts';
  if (!fs.existsSync(path.join(root, entry)))
    fs.copyFileSync(path.join(REPO_ROOT, entry), path.join(root, entry));
  progress(`seeding ${label} (${database.name}): ${JSON.stringify(world)}…`);
  await runCommand(
    cleanups,
    process.execPath,
    ['--import', 'tsx', entry, database.url, JSON.stringify(world)],
    { cwd: root, timeoutMs: 30 * 60_000 },
  );
  const counts = await countRows(database.url);
  return { label, root, databaseUrl: database.url, size: sizeOf(counts), counts };
}

/**
 * One turn of a version: its server started fresh, every read warmed, then each measured for
 * SECONDS. A read the ref cannot answer (its API differs) is left out (null); this version must
 * answer every one.
 */
async function measureTurn(version: Version): Promise<Map<string, LoadResult | null>> {
  // Both through tsx: a ref from before the compiled build (scripts/build-server.mjs) has no other
  // way to run, and the comparison is of the code, not of how it is loaded.
  const server = await startServer(version.databaseUrl, { root: version.root, compiled: false });
  const stop = cleanups.add(`${version.label} server`, server.stop);
  try {
    const token = await logIn(server.base, BENCH_USER.email, BENCH_PASSWORD);
    const calls = benchCalls(token, version.size).filter(
      (c) => isRead(c) && (!ONLY || ONLY.some((o) => c.name.includes(o))),
    );
    const results = new Map<string, LoadResult | null>();
    for (const call of calls) {
      try {
        await warmUp([call], () => server.base, CONNECTIONS);
      } catch (err) {
        if (version.label === 'this') throw err;
        progress(`the ref cannot answer ${(err as Error).message}: not compared`);
        results.set(call.name, null);
      }
    }
    for (const call of calls) {
      if (results.has(call.name)) continue;
      const result = await runLoad(server.base, call.requests, SECONDS, CONNECTIONS);
      progress(`${version.label} ${call.name}: ${result.reqPerSec} req/s, p95 ${result.p95} ms`);
      results.set(call.name, result);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return results;
  } finally {
    await stop();
  }
}

/** Every read measured on both versions, alternately: this, ref, this, ref, … */
async function measureRounds(current: Version, ref: Version): Promise<CallRounds[]> {
  const byCall = new Map<string, CallRounds>();
  for (let round = 1; round <= ROUNDS; round++) {
    progress(`round ${round} of ${ROUNDS} (load average ${loadAverage()})`);
    const mine = await measureTurn(current);
    const theirs = await measureTurn(ref);
    for (const [call, result] of mine) {
      if (!result) continue;
      const entry = byCall.get(call) ?? { call, rounds: [] };
      entry.rounds.push({ current: result, ref: theirs.get(call) ?? null });
      byCall.set(call, entry);
    }
  }
  return [...byCall.values()];
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function checkSettings(): void {
  if (!REF || args.includes('--help')) {
    console.log(HELP);
    process.exit(REF ? 0 : 2);
  }
  if (!(ROUNDS >= 2 && THRESHOLD > 0 && SECONDS > 0 && CONNECTIONS > 0 && TIME_LIMIT_MS > 0))
    throw new Error('--rounds must be at least 2, and --threshold, --seconds, --connections positive');
  const host = new URL(POSTGRES_URL).hostname;
  if (!['127.0.0.1', 'localhost'].includes(host))
    throw new Error(`BENCH_DATABASE_URL must be on 127.0.0.1, not ${host}`);
}

async function main(): Promise<number> {
  checkSettings();
  cleanups.exitOnSignalOrAfter(TIME_LIMIT_MS);
  const started = new Date();
  const ref = await describeCommit(cleanups, REF ?? '');
  const head = await describeCommit(cleanups, 'HEAD');
  const dirty = (await hasLocalChanges(cleanups)) ? ' + uncommitted changes' : '';
  const world = worldFromArgs(args);
  progress(`this: ${head.title}${dirty}\nref ${REF}: ${ref.title}`);

  progress(`checking the ref out in a temporary worktree and installing it (npm ci)…`);
  const refRoot = await checkOutAndInstall(cleanups, ref.sha);
  const current = await seedVersion('this', REPO_ROOT, world);
  const other = await seedVersion('ref', refRoot, world);
  const loadBefore = loadAverage();
  const calls = await measureRounds(current, other);
  const loadAfter = loadAverage();

  const regressions = calls.filter((c) => isRegression(c, THRESHOLD)).map((c) => c.call);
  const sameWorld = JSON.stringify(current.counts) === JSON.stringify(other.counts);
  console.log(
    [
      `### \`npm run bench:compare -- ${REF}\`, ${started.toISOString().slice(0, 10)}`,
      '',
      `this: ${head.title}${dirty}; ref: ${ref.title}.`,
      `${current.counts.users} people, ${current.counts.chapter_pages} pages` +
        (sameWorld
          ? ' (the same rows in both)'
          : `; THE REF'S SEED MADE OTHER ROWS: ${JSON.stringify(other.counts)}`) +
        `; ${SECONDS} s per call, ${CONNECTIONS} connections, ${ROUNDS} rounds of this then ref; ` +
        `${os.cpus().length} CPUs, Node ${process.version}, load average ${loadBefore} before, ${loadAfter} after.`,
      '',
      comparisonTable(calls, THRESHOLD),
      '',
      regressions.length
        ? `**Worse than the ref by more than ${THRESHOLD * 100} % in every round: ${regressions.join(', ')}.**`
        : `No read is worse than the ref by more than ${THRESHOLD * 100} % in every round.`,
    ].join('\n'),
  );
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  const file = path.join(import.meta.dirname, 'results', `compare-${stamp}.json`);
  const report = { startedAt: started, ref: { name: REF, ...ref }, head, dirty: !!dirty, world, calls };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  progress(`written ${path.relative(process.cwd(), file)}`);
  return regressions.length ? 1 : 0;
}

let code = 2;
try {
  code = await main();
} catch (err) {
  // After Ctrl-C, what was under way fails as its server or database goes: not worth a trace.
  if (!cleanups.cleaning) console.error(err);
} finally {
  progress('removing the worktree, databases and servers…');
  await cleanups.runAll();
  progress('done');
}
process.exit(code);
