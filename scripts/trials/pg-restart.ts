/**
 * trial:pg-restart — a private PostgreSQL (initdb + pg_ctl in a temp folder, on a free port; the
 * system one on 5432 is never touched) under the server with a light load; PostgreSQL is stopped
 * (pg_ctl stop -m fast) for a few seconds and started again. The server process must stay up,
 * /api/ready must answer 503 during the outage, and calls must succeed again within 5 s of the
 * recovery.
 *
 *   npm run trial:pg-restart [-- --rounds 3] [--outage-ms 4000]
 *
 * As root, PostgreSQL runs as the `postgres` OS user (initdb refuses root); otherwise as the caller.
 */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contract } from '@koma/shared/contract';
import { freePort, startServer } from '../../bench/lib/processes.js';
import { Api, signUp, sleep, table } from './lib.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'outage-ms': { type: 'string', default: '4000' },
  },
});
const OUTAGE_MS = Number(args['outage-ms']);
const RECOVERY_LIMIT_MS = 5_000;

const binDir = fs
  .readdirSync('/usr/lib/postgresql')
  .sort((a, b) => Number(b) - Number(a))
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
if (!binDir) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql/*/bin');

const asRoot = process.getuid?.() === 0;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-pg-'));
const pgData = path.join(folder, 'data');
if (asRoot) {
  fs.chmodSync(folder, 0o777);
  execFileSync('chown', ['postgres', folder]);
}

/** Runs a PostgreSQL tool, as `postgres` when we are root. */
function pgTool(tool: string, toolArgs: string[]) {
  const command = path.join(binDir as string, tool);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...toolArgs], { stdio: 'pipe' })
    : execFileSync(command, toolArgs, { stdio: 'pipe' });
}

const port = await freePort();
const pgCtl = (action: string, extra: string[] = []) =>
  pgTool('pg_ctl', [action, '-D', pgData, '-w', '-t', '30', ...extra]);
const startPostgres = () =>
  pgCtl('start', [
    '-l',
    path.join(folder, 'log'),
    '-o',
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`,
  ]);

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const failures: string[] = [];
const rows: Record<string, string | number>[] = [];
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  pgTool('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  startPostgres();
  pgTool('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'koma']);
  // fatal: each call refused in the outage would log its error.
  server = await startServer(`postgres://postgres@127.0.0.1:${port}/koma`, { env: { LOG_LEVEL: 'fatal' } });
  const api = new Api(server.base, path.join(server.dataDir, 'mail'));
  const me = await signUp(api, 'creator');

  for (let round = 1; round <= Number(args.rounds); round++) {
    // The light load: a call every 200 ms (5/s), and /api/ready every 200 ms.
    const calls: { at: number; ok: boolean; status: number }[] = [];
    const readies: { at: number; status: number }[] = [];
    let stopped = false;
    const load = (async () => {
      while (!stopped) {
        const at = performance.now();
        const res = await fetch(`${api.base}/api/cartoonser/index`, { headers: { token: me.token } }).catch(
          () => null,
        );
        await res?.arrayBuffer();
        calls.push({ at, ok: res?.status === 200, status: res?.status ?? 0 });
        await sleep(200);
      }
    })();
    const ready = (async () => {
      while (!stopped) {
        const at = performance.now();
        const res = await fetch(`${api.base}/api/ready`).catch(() => null);
        await res?.arrayBuffer();
        readies.push({ at, status: res?.status ?? 0 });
        await sleep(200);
      }
    })();
    await sleep(1_000);
    const down = performance.now();
    pgCtl('stop', ['-m', 'fast']);
    const stopped_ = performance.now();
    await sleep(OUTAGE_MS);
    startPostgres();
    const up = performance.now();
    // Calls until one succeeds again, then a few more seconds of load.
    const deadline = up + 15_000;
    while (performance.now() < deadline && !calls.some((c) => c.at >= up && c.ok)) await sleep(20);
    await sleep(2_000);
    stopped = true;
    await Promise.all([load, ready]);

    const firstOk = calls.find((c) => c.at >= up && c.ok);
    const recoveryMs = firstOk ? firstOk.at - up : Number.POSITIVE_INFINITY;
    const outageReadies = readies.filter((r) => r.at > stopped_ + 200 && r.at < up);
    const readyStatuses = [...new Set(outageReadies.map((r) => r.status))];
    const failedAfter = calls.filter((c) => firstOk && c.at > firstOk.at && !c.ok).length;
    const alive = isRunning(server.pid);
    if (!alive) failures.push(`round ${round}: the server process died`);
    if (outageReadies.length === 0 || readyStatuses.some((s) => s !== 503))
      failures.push(`round ${round}: /api/ready during the outage answered ${readyStatuses.join(', ')}`);
    if (recoveryMs > RECOVERY_LIMIT_MS)
      failures.push(`round ${round}: calls failed for ${recoveryMs} ms after recovery`);
    if (failedAfter > 0) failures.push(`round ${round}: ${failedAfter} calls failed after the first success`);
    rows.push({
      round,
      'outage ms': Math.round(up - down),
      'calls during outage': calls.filter((c) => c.at > stopped_ && c.at < up).length,
      'failed during outage': calls.filter((c) => c.at > stopped_ && c.at < up && !c.ok).length,
      'their answers': [
        ...new Set(calls.filter((c) => c.at > stopped_ && c.at < up && !c.ok).map((c) => c.status)),
      ].join('/'),
      [`${contract.health.ready.path} in outage`]: `${outageReadies.length}× ${readyStatuses.join('/')}`,
      'recovery → 1st 200, ms': Math.round(recoveryMs),
      'failed after recovery': failedAfter,
      'server up': alive ? 'yes' : 'NO',
    });
  }
} catch (err) {
  failures.push(`aborted: ${(err as Error).stack ?? err}`);
} finally {
  await server?.stop().catch(() => {});
  try {
    pgCtl('stop', ['-m', 'immediate']);
  } catch {
    // Not running.
  }
  fs.rmSync(folder, { recursive: true, force: true });
}

console.log(
  `\ntrial:pg-restart (PostgreSQL from ${binDir}, outage ${OUTAGE_MS} ms, 5 calls/s + /api/ready 5/s)`,
);
table(rows);
if (failures.length > 0) {
  console.log(`\n${failures.join('\n')}`);
  process.exit(1);
}
