import type { RenderLimits } from './render-process.js';

const MB = 1024 * 1024;

/**
 * What renders may add to an instance's memory, whatever is uploaded (docs/renditions.md,
 * "Memory bounds"): 1 GB, of which the server's own share of the work (downloads, stores, the
 * previews it reads) is kept apart and the rest shared out equally over the renders it runs at once.
 */
const RENDERS_BYTES = 1024 * MB;
const SERVER_SHARE_BYTES = 128 * MB;

/**
 * A render's wall-clock time, the longest a render holds its slot (docs/renditions.md, "The budget
 * of a render"): twice the slowest real page measured (a 1-bit 250 MP page streamed in 43 s under
 * load), ten times a 52 MP `.clip`'s tiles (8.7 s). So one account's files hold another's page back
 * by at most this long: the queue gives it the next free slot (render-queue.ts).
 */
const WALL_MS = 90_000;

/** The limits of each render when `concurrency` run at once. */
export function renderLimits(concurrency: number): RenderLimits {
  return { memoryBytes: Math.floor((RENDERS_BYTES - SERVER_SHARE_BYTES) / concurrency), wallMs: WALL_MS };
}
