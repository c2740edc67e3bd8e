import os from 'node:os';
import path from 'node:path';
import { convertedName, convertFile } from './print-convert.js';
import { type Rendered, renderFile } from './render-decode.js';
import type { ChildTask } from './render-process.js';
import type { ChildMessage, ParentMessage } from './render-protocol.js';
import { RenderRefusal } from './render-refusal.js';
import { THUMBNAIL, thumbnailFile } from './thumbnail-decode.js';

/**
 * A render's own process (docs/renditions.md, "One process per render"), started by
 * render-process.ts with the original's path, the output folder and its memory budget in bytes:
 * whatever a decode allocates, it is this process's, watched and killed past its budget, never
 * the server's; and a decode on this thread never holds the server's event loop.
 */

/** Below the server's priority, so requests are answered first while pages render. */
const NICENESS = 10;

const [original, out, memory, taskArgument] = process.argv.slice(2);
const task: ChildTask | null = taskArgument ? JSON.parse(taskArgument) : null;

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

/** A delivery's conversion or an avatar's thumbnail when started with one (ChildTask), a render otherwise. */
function work(): Promise<Rendered> {
  if (!task) return render();
  if ('thumbnailEdge' in task)
    return thumbnailFile(
      String(original),
      path.join(String(out), THUMBNAIL),
      task.thumbnailEdge,
      Number(memory),
    );
  return convertFile(String(original), path.join(String(out), convertedName(task)), task, Number(memory));
}

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
