import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { contract } from '@koma/shared/contract';

const root = path.resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;

export interface Child {
  base: string;
  pid: number;
  /** The largest resident set sampled every 250 ms, and the kernel's own high-water mark (MB). */
  memory(): { maxRssMb: number; peakRssMb: number };
  /** The largest resident set (MB) sampled since the last call: what one run of the bench cost. */
  takeWindowMaxMb(): number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM of a process, in bytes (0 once it is gone). */
export function rssOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

async function waitFor(child: ChildProcess, url: string, output: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited:\n${output.join('')}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms:\n${output.join('')}`);
}

/**
 * Starts `node [flags] --import tsx <file>` in `cwd` (a checkout: its tsx and its modules) with
 * `env` on a free port and waits until `readyPath` answers; a `.js` file runs on plain node.
 */
async function start(
  file: string,
  env: Record<string, string>,
  readyPath: string,
  flags: string[] = [],
  cwd = root,
): Promise<Child> {
  const port = await freePort();
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...flags, ...loader, file], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pid = child.pid ?? 0;
  let maxRss = 0;
  let windowMax = 0;
  const sampler = setInterval(() => {
    const { rss } = rssOf(pid);
    maxRss = Math.max(maxRss, rss);
    windowMax = Math.max(windowMax, rss);
  }, 250);
  const base = `http://127.0.0.1:${port}`;
  // A bench that ends without stopping its child (an exception, an exit on Ctrl-C) leaves none behind.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    clearInterval(sampler);
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitFor(child, `${base}${readyPath}`, output, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  let peak = 0;
  return {
    base,
    pid,
    takeWindowMaxMb() {
      const max = Math.max(windowMax, rssOf(pid).rss);
      windowMax = 0;
      return +(max / MB).toFixed(1);
    },
    memory() {
      const now = rssOf(pid);
      maxRss = Math.max(maxRss, now.rss);
      peak = Math.max(peak, now.hwm);
      return { maxRssMb: +(maxRss / MB).toFixed(1), peakRssMb: +(peak / MB).toFixed(1) };
    },
    stop: async () => {
      // The high-water mark is read while the process still exists.
      const now = rssOf(pid);
      peak = Math.max(peak, now.hwm);
      maxRss = Math.max(maxRss, now.rss);
      await stop();
    },
  };
}

/** What a caller may change about the server it starts. */
export interface ServerOptions {
  /**
   * Reuse this data folder (PGlite, files, mail) and keep it at stop: the crash trials restart the
   * server on what the killed one left (scripts/trials).
   */
  dataDir?: string;
  /** Extra settings, over the bench's own (LOG_LEVEL, say). */
  env?: Record<string, string>;
  /** The checkout whose server to start (bench:compare's of another version); this one's by default. */
  root?: string;
  /**
   * Run the server compiled, as `npm start` does (scripts/build-server.mjs; the default), or its
   * TypeScript through tsx (false); a checkout from before the build runs through tsx all the same.
   */
  compiled?: boolean;
}

/** The server's entry in a checkout: compiled (built when stale) if asked and the checkout can. */
async function serverEntryOf(checkout: string, compiled: boolean): Promise<string> {
  const builder = path.join(checkout, 'scripts/build-server.mjs');
  if (!compiled || !fs.existsSync(builder)) return 'apps/server/src/server.ts';
  const build = await import(pathToFileURL(builder).href);
  await build.buildServerIfStale();
  return path.relative(checkout, build.serverEntry);
}

/**
 * The real server on `databaseUrl` ('' for PGlite in the data folder), started as `npm start`
 * starts it (scripts/start.mjs: the same heap cap), its files in a temporary folder removed at stop.
 */
export async function startServer(
  databaseUrl: string,
  options: ServerOptions = {},
): Promise<Child & { dataDir: string }> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-'));
  const child = await start(
    await serverEntryOf(options.root ?? root, options.compiled ?? true),
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // High enough that no limit throttles the bench; the counting itself still happens.
      RATE_LIMIT_MULTIPLIER: '10000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      // As `npm start` runs the server (scripts/start.mjs).
      MALLOC_ARENA_MAX: '2',
      ...options.env,
    },
    contract.health.ready.path,
    ['--max-old-space-size=256'],
    options.root,
  );
  return {
    ...child,
    dataDir,
    stop: async () => {
      await child.stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bare one-SELECT app (bench/ceiling-server.ts). */
export function startCeiling(databaseUrl: string): Promise<Child> {
  return start('bench/ceiling-server.ts', { DATABASE_URL: databaseUrl }, '/ceiling?id=1');
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A crash, not a stop: SIGKILL, no chance to finish anything, then what the child left is reaped. */
export async function killNow(child: Child) {
  process.kill(child.pid, 'SIGKILL');
  while (isRunning(child.pid)) await new Promise((resolve) => setTimeout(resolve, 10));
  await child.stop();
}
