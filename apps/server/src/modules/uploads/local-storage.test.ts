import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../../plugins/storage.js';

let dir: string;
let storage: Storage;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-storage-'));
  storage = createLocalStorage(path.join(dir, 'files'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
}

describe('local storage', () => {
  it('stores, reads, sizes and deletes a file by key', async () => {
    const key = '4/2026/11/0123456789abcdef0123456789abcdef.pdf';
    expect(await storage.put(key, Readable.from([Buffer.from('%PDF'), Buffer.from('-1.7')]), 100)).toEqual({
      size: 8,
    });
    expect(await storage.stat(key)).toEqual({ size: 8 });
    const stream = await storage.get(key);
    expect((await buffer(stream as Readable)).toString()).toBe('%PDF-1.7');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key);
  });

  it('refuses a stream past its limit with the caller’s message and leaves no file, not even a temp one', async () => {
    const key = '1/2026/11/0123456789abcdef0123456789abcdef.png';
    const source = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);
    await expect(storage.put(key, source, 100, 'imageTooLarge')).rejects.toMatchObject({
      httpStatus: 413,
      key: 'imageTooLarge',
    });
    expect(await filesUnder(path.join(dir, 'files'))).toEqual([]);
  });

  it('leaves no half file when the source fails midway', async () => {
    const key = '4/2026/11/ffffffffffffffffffffffffffffffff.zip';
    async function* broken() {
      yield Buffer.from('part one');
      throw new Error('connection lost');
    }
    await expect(storage.put(key, Readable.from(broken()), 1000)).rejects.toThrow('connection lost');
    expect(await filesUnder(path.join(dir, 'files'))).toEqual([]);
  });

  it.each([
    '../secret',
    '/etc/passwd',
    '1/../../x',
    '.tmp/a.part',
    'A.PNG',
    'a b',
    'a\\b',
    '',
    '1//x',
    '1/./x',
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Readable.from([Buffer.from('x')]), 10)).rejects.toThrow();
    await expect(storage.get(key)).rejects.toThrow();
    await expect(storage.delete(key)).rejects.toThrow();
  });
});
