/**
 * The load bench of issue 6 (`npm run bench`): seeds a large, realistic data set into a throwaway
 * PostgreSQL database, starts the real server on it (a child process, its memory sampled), and
 * runs autocannon against each call for a fixed time, next to a bare one-SELECT Fastify app (the
 * ceiling of this machine). Prints one table, writes it as JSON under bench/results/, with the
 * `EXPLAIN ANALYZE` of the search queries beside it.
 *
 *   npm run bench -- [--small | --people N --pages N] [--seconds 10] [--connections 10] [--only <text,…>]
 *                    [--keep | --seed-only] [--database <name>] [--no-explain]
 * --small seeds a twentieth of the data, --people and --pages a world of that size in the same
 * proportions (lib/seed-world.ts scaledWorld); --keep keeps the database (its name is printed),
 * --seed-only seeds and keeps it without measuring, and --database runs against such a kept one
 * without seeding again.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logIn } from './lib/bench-server.js';
import { benchCalls, type Call, SUITE_LOAD, warmUp } from './lib/calls.js';
import { explainSearches } from './lib/explain.js';
import { type LoadResult, runLoad } from './lib/load.js';
import { createDatabase, databaseUrl, dropDatabase } from './lib/postgres.js';
import { startCeiling, startServer } from './lib/processes.js';
import { BENCH_PASSWORD, countRows, type SeedTimes, seedDatabase, sizeOf } from './lib/seed.js';
import { BENCH_USER, worldFromArgs } from './lib/seed-world.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const SECONDS = Number(option('seconds') ?? SUITE_LOAD.seconds);
const CONNECTIONS = Number(option('connections') ?? SUITE_LOAD.connections);
const ONLY = option('only')?.split(',');
const MEMORY_BUDGET_MB = 300;
const resultsDir = path.join(import.meta.dirname, 'results');
const loadAverage = () => os.loadavg().map((l) => +l.toFixed(2));

interface Row {
  call: string;
  'req/s': number;
  p50: number;
  p95: number;
  p99: number;
  'of ceiling': string;
  errors: number;
  'server RSS MB': number | '';
  budget: string;
}

function verdict(call: Call, r: LoadResult, ceiling: number): { text: string; met: boolean } {
  if (call.ceiling) return { text: '(reference)', met: true };
  const misses: string[] = [];
  const { p95Ms, ceilingShare } = call.budget;
  if (r.errors > 0) misses.push(`${r.errors} errors`);
  if (p95Ms !== undefined && r.p95 > p95Ms) misses.push(`p95 > ${p95Ms} ms`);
  if (ceilingShare !== undefined && r.reqPerSec < ceilingShare * ceiling)
    misses.push(`< ${ceilingShare * 100} % of ceiling`);
  if (misses.length) return { text: `MISSED: ${misses.join(', ')}`, met: false };
  if (p95Ms === undefined && ceilingShare === undefined) return { text: 'no budget (write)', met: true };
  const parts = [
    p95Ms !== undefined ? `p95 ≤ ${p95Ms}` : '',
    ceilingShare ? `≥ ${ceilingShare * 100} %` : '',
  ];
  return { text: `met (${parts.filter(Boolean).join(', ')})`, met: true };
}

async function main() {
  const started = new Date();
  const kept = option('database');
  const { name, url } = kept ? { name: kept, url: databaseUrl(kept) } : await createDatabase();
  let seedTimes: SeedTimes | null = null;
  if (!kept) console.log(`database ${name}`);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    if (!kept) {
      const size = worldFromArgs(args);
      console.log(`seeding ${JSON.stringify(size)} (load average ${loadAverage().join(' ')})…`);
      seedTimes = await seedDatabase(url, size);
      console.table(
        Object.fromEntries(Object.entries(seedTimes).map(([k, s]) => [k, { seconds: +s.toFixed(1) }])),
      );
    }
    const counts = await countRows(url);
    const size = sizeOf(counts);
    console.log('rows:', JSON.stringify(counts));
    if (args.includes('--seed-only')) return;

    const server = await startServer(url);
    cleanups.push(server.stop);
    const ceilingApp = await startCeiling(url);
    cleanups.push(ceilingApp.stop);
    const token = await logIn(server.base, BENCH_USER.email, BENCH_PASSWORD);
    const calls = benchCalls(token, size).filter(
      (c) => c.ceiling || !ONLY || ONLY.some((o) => c.name.includes(o)),
    );

    await warmUp(calls, (call) => (call.ceiling ? ceilingApp.base : server.base), CONNECTIONS);

    const loadBefore = loadAverage();
    const results: { call: Call; result: LoadResult; rssMb: number | null }[] = [];
    for (const call of calls) {
      const base = call.ceiling ? ceilingApp.base : server.base;
      server.takeWindowMaxMb();
      const result = await runLoad(base, call.requests, SECONDS, CONNECTIONS);
      const rssMb = call.ceiling ? null : server.takeWindowMaxMb();
      console.log(
        `${call.name}: ${result.reqPerSec} req/s, p95 ${result.p95} ms, server RSS ${rssMb ?? '-'} MB`,
      );
      results.push({ call, result, rssMb });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const loadAfter = loadAverage();
    await ceilingApp.stop();
    await server.stop();
    const memory = server.memory();

    const ceilings = results.filter((r) => r.call.ceiling).map((r) => r.result.reqPerSec);
    const ceiling = ceilings.reduce((a, b) => a + b, 0) / ceilings.length;
    let met = true;
    const rows: Row[] = results.map(({ call, result, rssMb }) => {
      const v = verdict(call, result, ceiling);
      met &&= v.met;
      return {
        call: call.name,
        'req/s': result.reqPerSec,
        p50: result.p50,
        p95: result.p95,
        p99: result.p99,
        'of ceiling': `${Math.round((result.reqPerSec / ceiling) * 100)} %`,
        errors: result.errors,
        'server RSS MB': rssMb ?? '',
        budget: v.text,
      };
    });
    const memoryMet = memory.maxRssMb < MEMORY_BUDGET_MB && memory.peakRssMb < MEMORY_BUDGET_MB;
    met &&= memoryMet;
    console.log(
      `\n${SECONDS} s per call, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after`,
    );
    console.table(rows);
    console.log(
      `server memory: max RSS sampled every 250 ms ${memory.maxRssMb} MB, kernel peak (VmHWM) ${memory.peakRssMb} MB ` +
        `(budget < ${MEMORY_BUDGET_MB} MB) → ${memoryMet ? 'met' : 'MISSED'}`,
    );
    console.log(met ? 'Every budget met.' : 'BUDGETS MISSED (see above).');

    fs.mkdirSync(resultsDir, { recursive: true });
    const stamp = started.toISOString().replace(/[:.]/g, '-');
    const report = {
      startedAt: started.toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
      },
      seconds: SECONDS,
      connections: CONNECTIONS,
      size,
      rowCounts: counts,
      seedSeconds: seedTimes,
      ceilingReqPerSec: +ceiling.toFixed(1),
      rows: results.map(({ call, result }, i) => ({
        ...rows[i],
        budgetDefinition: call.budget,
        statuses: result.statuses,
      })),
      memory: { ...memory, budgetMb: MEMORY_BUDGET_MB, met: memoryMet },
      budgetsMet: met,
    };
    const file = path.join(resultsDir, `${stamp}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written ${path.relative(process.cwd(), file)}`);
    if (!args.includes('--no-explain')) {
      const explainFile = path.join(resultsDir, `${stamp}-explain.md`);
      fs.writeFileSync(explainFile, await explainSearches(url));
      console.log(`written ${path.relative(process.cwd(), explainFile)} (EXPLAIN ANALYZE of the searches)`);
    }
    if (!met) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    if (!kept && !args.includes('--keep') && !args.includes('--seed-only')) {
      await dropDatabase(name);
    } else {
      console.log(`kept database ${name}: npm run bench -- --database ${name}`);
    }
  }
}

await main();
