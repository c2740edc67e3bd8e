import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fifoSlots } from '../../lib/fifo-slots.js';
import { moduleEntry } from '../../lib/module-entry.js';

export interface JpegRequest {
  id: number;
  webp: Uint8Array;
  longEdge: number;
  quality: number;
}
export type JpegReply = { id: number; jpeg: Uint8Array } | { id: number; error: string };

/** The process goes this long after its last JPEG: a delivery asks for the next within milliseconds. */
const IDLE_MS = 5_000;

/**
 * The JPEG process's own settings, the measured difference between 180 and 60 MB at its peak
 * (docs/print.md, "Delivery"): glibc with one malloc arena, and image buffers in their own
 * mappings that go back to the system once freed (by default glibc raises that threshold after
 * the first free and keeps the next images in its heap for good); one libuv thread (sharp's work
 * runs there, one image at a time); a small V8 young generation and no V8 worker threads.
 */
const CHILD_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '131072', UV_THREADPOOL_SIZE: '1' };
const CHILD_FLAGS = ['--max-semi-space-size=1', '--v8-pool-size=0', '--max-old-space-size=64', '--expose-gc'];

type Waiting = { resolve: (jpeg: Buffer) => void; reject: (err: Error) => void };

function startChild(waiting: Map<number, Waiting>): ChildProcess {
  const entry = moduleEntry(import.meta.url, 'jpeg-child');
  const child = fork(fileURLToPath(entry.url), [], {
    execArgv: [...entry.execArgv, ...CHILD_FLAGS],
    env: CHILD_ENV,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (reply: JpegReply) => {
    const asked = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (!asked) return;
    if ('error' in reply) asked.reject(new Error(reply.error));
    else asked.resolve(Buffer.from(reply.jpeg.buffer, reply.jpeg.byteOffset, reply.jpeg.byteLength));
  });
  const ended = (err: Error) => {
    for (const asked of waiting.values()) asked.reject(err);
    waiting.clear();
  };
  child.once('error', ended);
  child.once('exit', (code, signal) =>
    ended(new Error(`the JPEG process ended (${signal ?? `exit ${code}`})`)),
  );
  // An idle process waiting for its end does not keep the server from stopping (a delivery being
  // sent keeps it alive by its connection).
  child.unref();
  child.channel?.unref();
  return child;
}

/**
 * The instance's process that makes previews JPEG (jpeg-child.ts) for deliveries' proofs: one for
 * all of them, so deliveries at once do not each add a process; it takes one image at a time, in
 * the order they are asked (a delivery's pages take turns with another's), is started on the first
 * and stopped once idle. Buffers cross as bytes ('advanced' IPC).
 */
function createJpegProcess() {
  const waiting = new Map<number, Waiting>();
  const turns = fifoSlots(1);
  let child: ChildProcess | undefined;
  let idle: NodeJS.Timeout | undefined;
  let next = 0;
  /** JPEGs asked for and not yet answered, waiting for their turn included. */
  let asked = 0;

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const stop = () => {
    if (running()) child?.kill();
    child = undefined;
  };

  function ask(webp: Buffer, longEdge: number, quality: number): Promise<Buffer> {
    clearTimeout(idle);
    if (!running()) child = startChild(waiting);
    const current = child as ChildProcess;
    const id = next++;
    return new Promise<Buffer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      current.send({ id, webp, longEdge, quality } satisfies JpegRequest, (err) => {
        if (!err) return;
        waiting.delete(id);
        reject(err);
      });
    }).finally(() => {
      idle = setTimeout(stop, IDLE_MS);
      idle.unref();
    });
  }

  return {
    /** The WebP preview scaled to `longEdge` and made JPEG, in its turn. */
    jpeg: (webp: Buffer, longEdge: number, quality: number) => {
      asked++;
      return turns.run(() => ask(webp, longEdge, quality)).finally(() => asked--);
    },
    /**
     * A proof has all its JPEGs: the process ends now unless another proof is asking, so it is not
     * idle beside the delivery's conversions, each a render process of its own (docs/print.md).
     */
    proofDone: () => {
      if (asked > 0) return;
      clearTimeout(idle);
      stop();
    },
    /** Ends the process now (tests; the server's end takes it with it anyway). */
    stop,
  };
}

export const proofJpegs = createJpegProcess();
