import { Worker, type WorkerOptions } from 'node:worker_threads';
import { type Language, LIMITS, type MarkSheetFilter } from '@koma/shared';
import { unavailable } from '../../lib/app-error.js';
import { moduleEntry } from '../../lib/module-entry.js';
import type { SheetPart } from './correction-sheet.pdf.js';

/** What a sheet's worker is started with: the words of the sheet are made there, in this language. */
export interface SheetSetup {
  title: string;
  lang: Language;
  which: MarkSheetFilter;
}

/** To the worker: the next part, or none to end the document. */
export interface ToLayout {
  part?: SheetPart;
}

/** From the worker: PDF bytes, a part drawn, or the document ended (its last bytes sent before). */
type FromLayout = { chunk: Uint8Array } | { drawn: true } | { done: true };

/** A sheet being laid out on its worker; the bytes go to `onChunk` as they are written. */
export interface SheetLayout {
  /** Draws one part; resolves once the worker has drawn it, so at most one part is in flight. */
  draw(part: SheetPart): Promise<void>;
  /** Ends the document; resolves once its last bytes have come. */
  end(): Promise<void>;
  /** Stops the worker (the client went away, or reading failed). */
  stop(): void;
}

/**
 * The sheet's worker, from its entry (lib/module-entry.ts). Under tsx (development, tests) the entry
 * is TypeScript, and Node 20 does not apply an `--import tsx` given in a worker's execArgv to the
 * worker's own entry ("Unknown file extension .ts"): the worker then starts from a line of
 * JavaScript that imports the entry through tsx's API.
 */
function workerOf(options: WorkerOptions): Worker {
  const { url, execArgv } = moduleEntry(import.meta.url, 'correction-sheet-worker');
  if (execArgv.length === 0) return new Worker(url, options);
  const href = JSON.stringify(url.href);
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}

function startLayout(setup: SheetSetup, onChunk: (chunk: Buffer) => void, onStop: () => void): SheetLayout {
  const worker = workerOf({
    workerData: setup,
    // The heap is bounded: a sheet too big for it fails alone, the server goes on.
    resourceLimits: { maxOldGenerationSizeMb: LIMITS.sheetWorkerHeapMb },
  });
  let waiting: { resolve: () => void; reject: (err: Error) => void } | null = null;
  let failure: Error | null = null;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    onStop();
    void worker.terminate();
  };
  const fail = (err: Error) => {
    failure ??= err;
    waiting?.reject(failure);
    waiting = null;
    stop();
  };
  worker.on('message', (message: FromLayout) => {
    if ('chunk' in message) onChunk(Buffer.from(message.chunk));
    else {
      waiting?.resolve();
      waiting = null;
    }
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the correction sheet worker stopped')));
  const answer = (message: ToLayout) =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting = { resolve, reject };
      worker.postMessage(message);
    });
  return {
    draw: (part) => answer({ part }),
    async end() {
      await answer({});
      stop();
    },
    stop,
  };
}

/**
 * At most `LIMITS.sheetLayoutsAtOnce` sheets are laid out at once in this instance, each on a
 * worker thread of its own; up to `LIMITS.sheetLayoutQueueMax` more wait their turn, and past
 * that a download is answered 503 with Retry-After (docs/marks.md, "Correction sheets"). Written
 * here rather than taken from a pool library: the layout streams parts in and bytes out with the
 * response's pace, where worker pools (piscina, tinypool) run one call to one answer.
 */
function createSheetLayouts() {
  let running = 0;
  let started = 0;
  const queue: (() => void)[] = [];

  async function slot(): Promise<void> {
    if (running < LIMITS.sheetLayoutsAtOnce) {
      running += 1;
      return;
    }
    if (queue.length >= LIMITS.sheetLayoutQueueMax) throw unavailable('sheetBusy');
    // The slot is handed over by `release`, `running` unchanged.
    await new Promise<void>((resolve) => queue.push(resolve));
  }

  function release() {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    /** Waits for a slot (or refuses, 503), then starts a sheet's worker; the slot is freed when it stops. */
    async open(setup: SheetSetup, onChunk: (chunk: Buffer) => void): Promise<SheetLayout> {
      await slot();
      started += 1;
      try {
        return startLayout(setup, onChunk, release);
      } catch (err) {
        release();
        throw err;
      }
    },
    /** How many sheets were laid out since the process started (tests observe the cache by it). */
    get started() {
      return started;
    },
  };
}

/** The instance's layouts: threads and their bound are the process's, whatever app asks. */
export const sheetLayouts = createSheetLayouts();
