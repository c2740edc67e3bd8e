import type { MessageKey } from '@koma/shared';
import type { FileFacts } from './file-facts.js';

/**
 * What the server and a render's child process say to each other (docs/renditions.md, "One
 * process per render"). The child is started with the original's path, the folder it writes its
 * outputs into and its memory budget in bytes; it says when the previews are written and how it
 * ended, then exits. Between the two stages it waits for the server's `ParentMessage`: the tiles are
 * made once the previews are stored, as the stages promise (docs/renditions.md, "Stages").
 */
export type ChildMessage =
  | { kind: 'previews' }
  | { kind: 'ready'; width: number; height: number; details?: PageDetails; facts: FileFacts }
  | { kind: 'refused'; status: 'unsupported' | 'failed'; reason: MessageKey }
  /** Anything else the child failed at: thrown in the server, so the job retries. */
  | { kind: 'error'; message: string; code?: string };

/**
 * What a file says about itself beyond its pixels (a `.clip` file: docs/renditions.md, "CLIP
 * STUDIO files"): whether the page shows the file's own embedded preview rather than its full
 * pixels, its resolution and its layers' names.
 */
export interface PageDetails {
  previewQuality: boolean;
  dpi: number | null;
  layers: string[];
}

/** The server's word to go on to the tiles. */
export type ParentMessage = { kind: 'tiles' };

/** The files a child writes into its output folder. */
export const OUTPUT = {
  preview: 'preview.webp',
  thumb: 'thumb.webp',
  /** libvips adds `.dzi` and `_files/` to this name. */
  tiles: 'tiles',
} as const;

/**
 * Deep Zoom tiles of 512 px with their 1 px overlap: a quarter of the files (and store requests) of
 * libvips' 254 px default, still small enough for the viewer's first screen to come quickly.
 */
export const TILE = { size: 510, overlap: 1, format: 'webp' } as const;
