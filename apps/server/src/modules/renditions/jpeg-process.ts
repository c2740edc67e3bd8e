import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { moduleEntry } from '../../lib/module-entry.js';

export interface JpegRequest {
  id: number;
  webp: Uint8Array;
  longEdge: number;
  quality: number;
}
export type JpegReply = { id: number; jpeg: Uint8Array } | { id: number; error: string };

export interface JpegProcess {
  /** The WebP preview scaled to `longEdge` and made JPEG, in the process's turn. */
  jpeg(webp: Buffer, longEdge: number, quality: number): Promise<Buffer>;
  stop(): void;
}

/**
 * Starts a process of its own that makes previews JPEG (jpeg-child.ts), for a delivery's proof:
 * one per delivery, stopped when the proof is done. Buffers cross as bytes ('advanced' IPC).
 */
export function startJpegProcess(): JpegProcess {
  const entry = moduleEntry(import.meta.url, 'jpeg-child');
  const child = fork(fileURLToPath(entry.url), [], {
    execArgv: entry.execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (jpeg: Buffer) => void; reject: (err: Error) => void }>();
  let next = 0;
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
  return {
    jpeg(webp, longEdge, quality) {
      const id = next++;
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, webp, longEdge, quality } satisfies JpegRequest, (err) => {
          if (err) {
            waiting.delete(id);
            reject(err);
          }
        });
      });
    },
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
