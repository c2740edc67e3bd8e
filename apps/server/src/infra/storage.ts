import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MessageKey } from '@koma/shared';
import { tooLarge } from '../lib/app-error.js';

/**
 * Where uploaded files live, addressed by server-generated keys like `1/2026/11/<32 hex>.png`:
 * local disk by default, an S3-compatible store when S3_* is set (docs/architecture.md). Both pass
 * the same contract tests (test/storage-contract.ts).
 */
export interface Storage {
  /**
   * Streams `source` under `key`, counting bytes: past `maxBytes` the write is abandoned, nothing is
   * kept and tooLarge(`tooLargeKey`) is thrown. The file appears under its key only when complete.
   */
  put(key: string, source: Readable, maxBytes: number, tooLargeKey?: MessageKey): Promise<{ size: number }>;
  /** The file's content, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every file whose key starts with `<folder>/` (a page's renditions, docs/renditions.md);
   * a missing folder is not an error.
   */
  deleteFolder(folder: string): Promise<void>;
  /**
   * A link the browser fetches `key` from directly, valid for `seconds` and answered with these
   * headers. Only stores that sign their own links have it (S3: presigned GET); files on local disk
   * are served by the server through signed /api/files links instead.
   */
  signedUrl?(key: string, seconds: number, headers?: DownloadHeaders): Promise<string>;
  /** Throws unless the store answers (readiness); a store without it is probed with stat(). */
  check?(): Promise<void>;
  /**
   * Removes unfinished writes left by a crash; how many: those older than `olderThanMs`, and at
   * once those whose writer on this machine no longer runs (`starting`: this process has written
   * nothing yet, so a temp file under its own pid is a previous life's, as in a container where
   * the server is always pid 1). Only local disk has them (an S3 store aborts its own, and a
   * lifecycle rule covers a crash).
   */
  removeStaleTemp?(olderThanMs: number, now?: Date, options?: { starting?: boolean }): Promise<number>;
  /**
   * Every stored key last written more than `olderThanMs` ago, temp files apart: the orphan sweep
   * compares them with the upload rows. Only local disk lists (an S3 store's lifecycle rules and
   * inventory do this job there).
   */
  listKeys?(olderThanMs: number, now?: Date): AsyncIterable<string>;
}

/** Response headers a presigned link asks the store to send. */
export interface DownloadHeaders {
  contentType?: string;
  contentDisposition?: string;
  cacheControl?: string;
}

/** An unfinished upload's temp file this old is left over from a crash. */
export const STALE_TEMP_MS = 60 * 60_000;

// No segment may start with a dot: that rules out `.`, `..` and the temp folder in one rule.
const KEY_PATTERN = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;
const TEMP_FOLDER = '.tmp';

export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 200 && KEY_PATTERN.test(key);
}

/**
 * A pass-through that counts bytes and fails with tooLarge(`tooLargeKey`) as soon as more than
 * `maxBytes` went through, so an oversized upload is cut off while it streams.
 */
export class ByteLimit extends Transform {
  /** The bytes that went through so far. (Not `size`: upload clients read that as a known length.) */
  counted = 0;
  readonly #maxBytes: number;
  readonly #tooLargeKey: MessageKey;

  constructor(maxBytes: number, tooLargeKey: MessageKey) {
    super();
    this.#maxBytes = maxBytes;
    this.#tooLargeKey = tooLargeKey;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.counted += chunk.length;
    if (this.counted > this.#maxBytes) callback(tooLarge(this.#tooLargeKey));
    else callback(null, chunk);
  }
}

export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);

  function fileOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    const file = path.resolve(root, key);
    // The pattern already forbids escaping the root; this guards against a future change of it.
    if (!file.startsWith(root + path.sep)) throw new Error('storage key escapes the files folder');
    return file;
  }

  return {
    async put(key, source, maxBytes, tooLargeKey = 'tooLarge') {
      const target = fileOf(key);
      const tempDir = path.join(root, TEMP_FOLDER);
      // Same file system as the target, so the final rename is atomic.
      // Named after its writer (machine and pid), so a restart can tell a crash's leftovers at once.
      const temp = path.join(tempDir, `${TEMP_WRITER}~${randomBytes(16).toString('hex')}.part`);
      await fs.mkdir(tempDir, { recursive: true });
      await fs.mkdir(path.dirname(target), { recursive: true });
      const counter = new ByteLimit(maxBytes, tooLargeKey);
      // flush: the data reaches the disk before the file is closed and renamed into place.
      const out = createWriteStream(temp, { flags: 'wx', flush: true });
      try {
        await pipeline(source, counter, out);
        await fs.rename(temp, target);
        await syncFolder(path.dirname(target));
        return { size: counter.counted };
      } catch (err) {
        // A refusal on the first bytes comes before the file is even open: its pending open would
        // create the temp file after the removal below, so the stream is let close first.
        if (!out.closed) await once(out, 'close').catch(() => {});
        await fs.rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      const handle = await fs.open(fileOf(key), 'r').catch(missingAsNull);
      if (!handle) return null;
      const stats = await handle.stat();
      if (stats.isFile()) return handle.createReadStream();
      await handle.close();
      return null;
    },

    async stat(key) {
      const stats = await fs.stat(fileOf(key)).catch(missingAsNull);
      return stats?.isFile() ? { size: stats.size } : null;
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async deleteFolder(folder) {
      await fs.rm(fileOf(folder), { recursive: true, force: true });
    },

    async *listKeys(olderThanMs, now = new Date()) {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (!isValidStorageKey(key)) continue; // The temp folder, and anything not put here by put().
        const stats = await fs.stat(path.join(root, key)).catch(() => null);
        if (stats && now.getTime() - stats.mtimeMs >= olderThanMs) yield key;
      }
    },

    async removeStaleTemp(olderThanMs, now = new Date(), options = {}) {
      const tempDir = path.join(root, TEMP_FOLDER);
      const names = await fs.readdir(tempDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const file = path.join(tempDir, name);
        const stats = await fs.stat(file).catch(() => null);
        if (!stats?.isFile()) continue;
        // Age, not mere presence: another instance sharing the folder may be writing it right now,
        // unless its writer is known to be gone.
        const old = now.getTime() - stats.mtimeMs >= olderThanMs;
        if (!old && !writerGone(name, options.starting === true)) continue;
        await fs.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** This machine's name, made file-name safe. */
const TEMP_HOST = os.hostname().replace(/[^A-Za-z0-9-]/g, '_');
/** `<host>.<pid>` of this process, the prefix of its temp files (and of its renders' work folders). */
export const TEMP_WRITER = `${TEMP_HOST}.${process.pid}`;

/**
 * Whether the process that wrote this temp file (`<host>.<pid>~…`) is gone: it ran on this machine
 * and its pid no longer runs, or is this process's own while it starts. Files of other machines (a shared
 * folder) and of the old unnamed form are left to the age rule.
 */
export function writerGone(name: string, starting: boolean): boolean {
  const writer = name.split('~')[0] ?? '';
  const dot = writer.lastIndexOf('.');
  if (!name.includes('~') || dot < 0 || writer.slice(0, dot) !== TEMP_HOST) return false;
  const pid = Number(writer.slice(dot + 1));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return starting;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function missingAsNull(err: NodeJS.ErrnoException): null {
  if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return null;
  throw err;
}

/** Makes the rename itself survive a power cut; not every platform can open a folder, which is fine. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch(() => {});
  } finally {
    await handle.close();
  }
}
