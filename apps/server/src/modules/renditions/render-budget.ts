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
 * A render's wall-clock time: a 250 MP page of the simplest kind takes well under a minute alone;
 * this is far from an ordinary page's seconds, and well inside the job's 15 minutes (docs/jobs.md).
 */
const WALL_MS = 5 * 60_000;

/** The limits of each render when `concurrency` run at once. */
export function renderLimits(concurrency: number): RenderLimits {
  return { memoryBytes: Math.floor((RENDERS_BYTES - SERVER_SHARE_BYTES) / concurrency), wallMs: WALL_MS };
}
