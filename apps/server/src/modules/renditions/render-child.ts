import os from 'node:os';
import path from 'node:path';
import { CONVERTED, convertFile } from './print-convert.js';
import { type Rendered, renderFile } from './render-decode.js';
import type { ChildMessage, ParentMessage } from './render-protocol.js';
import { RenderRefusal } from './render-refusal.js';

/**
 * A render's own process (docs/renditions.md, "One process per render"), started by
 * render-process.ts with the original's path, the output folder and its memory budget in bytes:
 * whatever a decode allocates, it is this process's, watched and killed past its budget, never
 * the server's; and a decode on this thread never holds the server's event loop.
 */

/** Below the server's priority, so requests are answered first while pages render. */
const NICENESS = 10;

const [original, out, memory, conversion] = process.argv.slice(2);

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

/** Nothing to do once the server is gone (killed): its next start removes the work folder. */
process.on('disconnect', () => process.exit(1));

try {
  os.setPriority(NICENESS);
} catch {
  // A system that refuses it renders at the server's priority.
}

/** A delivery's conversion (print-convert.ts) when started with one, a render otherwise. */
const work = (): Promise<Rendered> =>
  conversion
    ? convertFile(String(original), path.join(String(out), CONVERTED), JSON.parse(conversion), Number(memory))
    : render();

const render = () =>
  renderFile(String(original), {
    out: String(out),
    memoryBytes: Number(memory),
    previewsWritten: async () => {
      const goOn = new Promise((resolve) =>
        process.on('message', (message: ParentMessage) => message.kind === 'tiles' && resolve(message)),
      );
      await send({ kind: 'previews' });
      await goOn;
    },
  });

try {
  const { width, height, details, facts } = await work();
  await send({ kind: 'ready', width, height, facts, ...(details && { details }) });
} catch (err) {
  if (err instanceof RenderRefusal) await send({ kind: 'refused', status: err.status, reason: err.reason });
  else {
    const { message, code } = err as NodeJS.ErrnoException;
    await send({ kind: 'error', message: String(message), ...(code && { code }) });
  }
}
process.exit(0);
