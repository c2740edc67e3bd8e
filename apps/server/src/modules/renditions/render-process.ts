import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { moduleEntry } from '../../lib/module-entry.js';
import type { FileFacts } from './file-facts.js';
import type { Conversion } from './print-convert.js';
import type { ChildMessage, PageDetails, ParentMessage } from './render-protocol.js';
import { tooHeavy } from './render-refusal.js';

/** What one render may use (docs/renditions.md, "Memory bounds"). */
export interface RenderLimits {
  /** Resident memory of the render's process; killed past it. */
  memoryBytes: number;
  /**
   * What the header's estimate is judged against: `memoryBytes` unless set (a test sets it higher
   * to reach the watch with a page the estimate would have refused).
   */
  estimateBytes?: number;
  /** Wall-clock time of the decode; killed past it. */
  wallMs: number;
}

/**
 * What a child does instead of a render: a delivery's conversion (print-convert.ts), or an
 * avatar's thumbnail of `thumbnailEdge` px (thumbnail-decode.ts).
 */
export type ChildTask = Conversion | { thumbnailEdge: number };

/** How the child ended: its outputs' size, or why there are none. */
export type ChildOutcome =
  | { status: 'ready'; width: number; height: number; details?: PageDetails; facts: FileFacts }
  | { status: 'unsupported' | 'failed'; reason: ChildRefusal };
type ChildRefusal = Extract<ChildMessage, { kind: 'refused' }>['reason'];

export interface RenderChild {
  /**
   * True once the preview and thumbnail are written (the child then waits for `makeTiles`); false
   * when the child ended without.
   */
  previews: Promise<boolean>;
  makeTiles(): void;
  /** Its end; rejected (worth a retry) when it died of anything but its budget. */
  outcome: Promise<ChildOutcome>;
  /** Kills it if it still runs, and waits for it to be gone (before its folder is removed). */
  stop(): Promise<void>;
}

/** How often the child's resident memory is read: a decode takes seconds to fill its memory. */
const WATCH_MS = 50;

/**
 * Starts the decoding of `original` into `out` in a process of its own (render-child.ts), or with
 * `task` the delivery's conversion of it or an avatar's thumbnail (ChildTask), watched:
 * its resident memory is read every WATCH_MS and it is killed past `limits.memoryBytes` or
 * `limits.wallMs`, which ends the render `failed` with `renditionTooHeavy`, as a refusal by
 * estimate does. (Linux: the memory is read from /proc; elsewhere only the estimate and the
 * clock bound it.)
 */
export function startRenderChild(
  original: string,
  out: string,
  limits: RenderLimits,
  task?: ChildTask,
): RenderChild {
  const entry = moduleEntry(import.meta.url, 'render-child');
  const budget = String(limits.estimateBytes ?? limits.memoryBytes);
  const child = fork(
    fileURLToPath(entry.url),
    [original, out, budget, ...(task ? [JSON.stringify(task)] : [])],
    {
      execArgv: entry.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  let overBudget = false;
  const kill = () => {
    overBudget = true;
    child.kill('SIGKILL');
  };
  const watch = setInterval(() => {
    if (child.pid && residentBytes(child.pid) > limits.memoryBytes) kill();
  }, WATCH_MS);
  const clock = setTimeout(kill, limits.wallMs);
  let previewsWritten: (written: boolean) => void = () => {};
  const previews = new Promise<boolean>((resolve) => {
    previewsWritten = resolve;
  });
  let last: ChildMessage | undefined;
  child.on('message', (message: ChildMessage) => {
    if (message.kind === 'previews') previewsWritten(true);
    else last = message;
  });
  // 'close', not 'exit': it comes once the IPC channel is read to its end, so after the last message.
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  const outcome = new Promise<ChildOutcome>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearInterval(watch);
      clearTimeout(clock);
      previewsWritten(false);
      if (last?.kind === 'ready') {
        const { width, height, details, facts } = last;
        return resolve({ status: 'ready', width, height, facts, ...(details && { details }) });
      }
      if (last?.kind === 'refused') return resolve({ status: last.status, reason: last.reason });
      if (overBudget) return resolve({ status: 'failed', reason: tooHeavy().reason });
      if (last?.kind === 'error') return reject(Object.assign(new Error(last.message), { code: last.code }));
      reject(new Error(`the render process ended without an outcome (${signal ?? `exit ${code}`})`));
    });
  });
  // Awaited only once the previews are stored: a rejection meanwhile is not an unhandled one.
  outcome.catch(() => {});
  return {
    previews,
    outcome,
    makeTiles: () => {
      if (child.connected) child.send({ kind: 'tiles' } satisfies ParentMessage);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await closed;
    },
  };
}

/** The resident memory of a process, from /proc; 0 where there is none (not Linux, or gone). */
function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
