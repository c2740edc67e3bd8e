/**
 * Watches a running server from a worker thread (trial:render-bombs): the resident memory of its
 * process tree (the server and its render processes) and the time the health call (`contract.health`) takes to answer.
 * A thread of its own, so that what the trial itself does meanwhile (a 23 MB multipart body
 * encoded on its main thread held it 0.8 s) is not counted as the server's delay.
 */
import fs from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { contract } from '@koma/shared/contract';
import { rssOf } from '../../bench/lib/processes.js';

export interface WatchOptions {
  pid: number;
  base: string;
  healthEveryMs: number;
  rssEveryMs: number;
  /**
   * The health calls' client addresses (`x-forwarded-for`), taken in turn: a call every 50 ms is
   * 1,200 a minute, past the shipped 600 a client may make, so the poller is several clients.
   */
  clients?: string[];
}

/** One health call: when it was sent (epoch ms) and how long it took (null: it failed). */
export interface HealthSample {
  at: number;
  ms: number | null;
}

/** The process tree at one moment: when (epoch ms), its resident bytes, the render processes. */
export interface TreeSample {
  at: number;
  bytes: number;
  renders: number[];
}

export interface Watched {
  health: HealthSample[];
  tree: TreeSample[];
}

/** Every process below `pid`, from /proc/<pid>/task/<tid>/children. */
export function descendants(pid: number): number[] {
  const found: number[] = [];
  const stack = [pid];
  for (let p = stack.pop(); p !== undefined; p = stack.pop()) {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'latin1');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        stack.push(child);
      }
    }
  }
  return found;
}

/** The render processes among them (the others are tsx's esbuild services). */
export function renders(processes: number[]): number[] {
  return processes.filter((pid) => {
    try {
      return /render-child\.(ts|js)\0/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1'));
    } catch {
      return false;
    }
  });
}

const now = () => performance.timeOrigin + performance.now();

/** Starts the watch (resolved once it runs); `stop()` ends it and hands over what it saw. */
export async function watchServer(options: WatchOptions): Promise<{ stop(): Promise<Watched> }> {
  // Node 20 applies no `--import tsx` to a worker's own entry: it imports this file through tsx's
  // API, as the correction sheet's worker does (apps/server/src/modules/marks/correction-sheet-layouts.ts).
  const href = JSON.stringify(import.meta.url);
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`;
  const worker = new Worker(bootstrap, { eval: true, workerData: options });
  const watched = new Promise<Watched>((resolve, reject) => {
    worker.on('message', (message: Watched | 'watching') => {
      if (message !== 'watching') resolve(message);
    });
    worker.once('error', reject);
  });
  // Awaited at stop(); a failure meanwhile is not an unhandled one.
  watched.catch(() => {});
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await watched;
      await worker.terminate();
      return result;
    },
  };
}

function watch({ pid, base, healthEveryMs, rssEveryMs, clients = [] }: WatchOptions) {
  let turn = 0;
  const seen: Watched = { health: [], tree: [] };
  const sampleTree = setInterval(() => {
    const children = descendants(pid);
    const bytes = children.reduce((sum, child) => sum + rssOf(child).rss, rssOf(pid).rss);
    seen.tree.push({ at: now(), bytes, renders: renders(children) });
  }, rssEveryMs);
  const askHealth = setInterval(() => {
    const sample: HealthSample = { at: now(), ms: null };
    seen.health.push(sample);
    const client = clients[turn++ % Math.max(clients.length, 1)];
    fetch(`${base}${contract.health.live.path}`, {
      signal: AbortSignal.timeout(10_000),
      headers: client ? { 'x-forwarded-for': client } : {},
    }).then(
      async (res) => {
        await res.arrayBuffer();
        if (res.ok) sample.ms = now() - sample.at;
      },
      () => {},
    );
  }, healthEveryMs);
  parentPort?.once('message', async () => {
    clearInterval(sampleTree);
    clearInterval(askHealth);
    // The calls still in flight answer or time out.
    const deadline = now() + 10_000;
    while (seen.health.some((s) => s.ms === null) && now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    parentPort?.postMessage(seen);
  });
  parentPort?.postMessage('watching');
}

if (!isMainThread) watch(workerData as WatchOptions);
