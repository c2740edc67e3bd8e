import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../../infra/storage.js';
import { storageContract } from '../../test/storage-contract.js';

let dir: string;
let storage: Storage;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-storage-'));
  storage = createLocalStorage(path.join(dir, 'files'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Every file under the files folder, temp files included. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
}

storageContract('local storage', () => ({ storage, leftovers: () => filesUnder(path.join(dir, 'files')) }));

describe('unfinished uploads left by a crash', () => {
  it('are swept once old enough; recent ones (another instance may be writing) and stored files stay', async () => {
    const files = path.join(dir, 'files');
    await storage.put('1/2026/11/kept.png', Readable.from([Buffer.from('stored')]), 100);
    const temp = path.join(files, '.tmp');
    await fs.mkdir(temp, { recursive: true });
    await fs.writeFile(path.join(temp, 'old.part'), 'half a file');
    await fs.writeFile(path.join(temp, 'fresh.part'), 'being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await fs.utimes(path.join(temp, 'old.part'), twoHoursAgo, twoHoursAgo);

    expect(await storage.removeStaleTemp?.(60 * 60_000)).toBe(1);
    expect(await filesUnder(files)).toEqual(['.tmp/fresh.part', '1/2026/11/kept.png']);
    await fs.rm(path.join(temp, 'fresh.part'));
  });

  it('are swept at the start when their writer on this machine is gone, however recent', async () => {
    const temp = path.join(dir, 'files', '.tmp');
    await fs.mkdir(temp, { recursive: true });
    const host = os.hostname().replace(/[^A-Za-z0-9-]/g, '_');
    // A pid no process has (above Linux's pid_max), this process's own, and a running parent's.
    const dead = `${host}.4194999~a.part`;
    const mine = `${host}.${process.pid}~b.part`;
    const running = `${host}.${process.ppid}~c.part`;
    const elsewhere = `other-host.4194999~d.part`;
    for (const name of [dead, mine, running, elsewhere]) await fs.writeFile(path.join(temp, name), 'half');

    // The hourly sweep: only the dead writer's file; this process may be writing its own.
    expect(await storage.removeStaleTemp?.(60 * 60_000)).toBe(1);
    // At the start this process has written nothing yet: a file under its pid is a previous life's.
    expect(await storage.removeStaleTemp?.(60 * 60_000, new Date(), { starting: true })).toBe(1);
    expect((await fs.readdir(temp)).sort()).toEqual([elsewhere, running].sort());
    await fs.rm(temp, { recursive: true });
  });
});
