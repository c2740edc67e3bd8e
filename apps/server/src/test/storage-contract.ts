import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../infra/storage.js';

/** A storage implementation under test, and a look at everything it holds. */
export interface StorageSubject {
  storage: Storage;
  /** All the store holds, unfinished writes included (temp files, multipart uploads). */
  leftovers(): Promise<string[]>;
}

const MiB = 1024 * 1024;

/** `size` bytes of a repeating pattern, in 256 KiB chunks made as they are read. */
function generated(size: number): Readable {
  const chunk = Buffer.alloc(256 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = i % 251;
  return Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
}

let counter = 0;
/** A fresh well-formed key, so cases never see each other's files. */
function newKey(ext: string): string {
  counter += 1;
  return `4/2026/11/${counter.toString(16).padStart(32, '0')}.${ext}`;
}

/**
 * The Storage contract (infra/storage.ts), run against every implementation: local disk and S3.
 * `subject` is called inside each case, after the caller's beforeAll has set the store up.
 */
export function storageContract(name: string, subject: () => StorageSubject) {
  /** Runs a put that must fail and checks it left the store exactly as it was. */
  async function expectNothingKept(attempt: (storage: Storage) => Promise<unknown>) {
    const { storage, leftovers } = subject();
    const before = await leftovers();
    await attempt(storage);
    expect(await leftovers()).toEqual(before);
  }

  describe(`${name}: the storage contract`, () => {
    it('stores, reads, sizes and deletes a file by key', async () => {
      const { storage } = subject();
      const key = newKey('pdf');
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

    it('answers null for a key never stored, and deletes it without complaint', async () => {
      const { storage } = subject();
      const key = newKey('png');
      expect(await storage.get(key)).toBeNull();
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('deletes a folder with everything under it, and no file beside it', async () => {
      const { storage } = subject();
      const original = newKey('png');
      const folder = `${original}.r`;
      const inside = [
        `${folder}/thumb.webp`,
        `${folder}/tiles_files/0/0_0.webp`,
        `${folder}/tiles_files/9/1_2.webp`,
      ];
      for (const key of [original, `${original}.rx`, ...inside])
        await storage.put(key, Readable.from([Buffer.from(key)]), 100);
      await storage.deleteFolder(folder);
      for (const key of inside) expect(await storage.stat(key)).toBeNull();
      expect(await storage.stat(original)).not.toBeNull();
      expect(await storage.stat(`${original}.rx`)).not.toBeNull();
      await expect(storage.deleteFolder(folder)).resolves.toBeUndefined();
      await storage.delete(original);
      await storage.delete(`${original}.rx`);
    });

    it('stores an empty file and a file of exactly the limit', async () => {
      const { storage } = subject();
      const empty = newKey('txt');
      expect(await storage.put(empty, Readable.from([]), 10)).toEqual({ size: 0 });
      expect(await storage.stat(empty)).toEqual({ size: 0 });
      expect((await buffer((await storage.get(empty)) as Readable)).length).toBe(0);
      const exact = newKey('bin');
      expect(await storage.put(exact, Readable.from([Buffer.alloc(100, 7)]), 100)).toEqual({ size: 100 });
      await Promise.all([storage.delete(empty), storage.delete(exact)]);
    });

    it('keeps a file of several parts byte for byte', async () => {
      const { storage } = subject();
      const key = newKey('zip');
      const size = 12 * MiB + 123;
      expect(await storage.put(key, generated(size), 20 * MiB)).toEqual({ size });
      expect(await storage.stat(key)).toEqual({ size });
      const back = await buffer((await storage.get(key)) as Readable);
      expect(back.equals(await buffer(generated(size)))).toBe(true);
      await storage.delete(key);
    });

    it('shows a file under its key only once it is complete', async () => {
      const { storage } = subject();
      const key = newKey('zip');
      const source = new PassThrough();
      const putting = storage.put(key, source, 20 * MiB);
      // More than one S3 part, all of it taken in by the store before the end is sent.
      if (!source.write(Buffer.alloc(6 * MiB, 1))) await once(source, 'drain');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.get(key)).toBeNull();
      source.end(Buffer.from('end'));
      expect(await putting).toEqual({ size: 6 * MiB + 3 });
      expect(await storage.stat(key)).toEqual({ size: 6 * MiB + 3 });
      await storage.delete(key);
    });

    it('refuses a stream past its limit with the caller’s message and keeps nothing, not even a temp file', async () => {
      await expectNothingKept(async (storage) => {
        const source = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);
        await expect(storage.put(newKey('png'), source, 100, 'imageTooLarge')).rejects.toMatchObject({
          httpStatus: 413,
          key: 'imageTooLarge',
        });
      });
    });

    it('cuts off a stream that passes its limit after several parts and keeps nothing', async () => {
      await expectNothingKept(async (storage) => {
        const source = generated(13 * MiB);
        await expect(storage.put(newKey('zip'), source, 11 * MiB, 'fileTooLarge')).rejects.toMatchObject({
          httpStatus: 413,
          key: 'fileTooLarge',
        });
        // The rest of the source is not read: the upload stops where the limit was passed.
        expect(source.destroyed).toBe(true);
      });
    });

    it('leaves no half file when the source fails midway', async () => {
      await expectNothingKept(async (storage) => {
        async function* broken() {
          yield Buffer.from('part one');
          throw new Error('connection lost');
        }
        await expect(storage.put(newKey('zip'), Readable.from(broken()), 1000)).rejects.toThrow(
          'connection lost',
        );
      });
    });

    it('leaves no half file when the source fails after several parts', async () => {
      await expectNothingKept(async (storage) => {
        async function* broken() {
          yield* generated(11 * MiB);
          throw new Error('connection lost');
        }
        await expect(storage.put(newKey('zip'), Readable.from(broken()), 20 * MiB)).rejects.toThrow(
          'connection lost',
        );
      });
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
      const { storage } = subject();
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), 10)).rejects.toThrow();
      await expect(storage.get(key)).rejects.toThrow();
      await expect(storage.stat(key)).rejects.toThrow();
      await expect(storage.delete(key)).rejects.toThrow();
      await expect(storage.deleteFolder(key)).rejects.toThrow();
    });
  });
}
