import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { storageContract } from '../test/storage-contract.js';
import { createStorage } from './create-storage.js';
import { createS3Storage, s3Origin } from './s3-storage.js';
import { createLocalStorage, type Storage } from './storage.js';

const MiB = 1024 * 1024;
let s3: TestS3Server;
let storage: Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3Storage(s3.config);
});
afterAll(async () => {
  await s3?.close();
});

let counter = 0;
const newKey = (ext: string) => `4/2026/12/${(++counter).toString(16).padStart(32, 'a')}.${ext}`;

/** `size` bytes made as they are read: the test itself never holds the file. */
function generated(size: number): Readable {
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  return Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
}

storageContract('S3 storage', () => ({
  storage,
  leftovers: async () => [
    ...(await s3.objectKeys()),
    ...(await s3.pendingUploads()).map((id) => `unfinished upload ${id}`),
  ],
}));

describe('S3 storage', () => {
  it('is chosen by config.s3, local disk otherwise', () => {
    expect(createStorage(testConfig({ s3: s3.config })).signedUrl).toBeTypeOf('function');
    expect(createStorage(testConfig()).signedUrl).toBeUndefined();
    expect(createLocalStorage('/tmp/koma-unused').check).toBeUndefined();
  });

  it('aborts the multipart upload of an over-limit file: no object, no parts left', async () => {
    const key = newKey('zip');
    const from = s3.operations.length;
    await expect(storage.put(key, generated(12 * MiB), 11 * MiB, 'fileTooLarge')).rejects.toMatchObject({
      httpStatus: 413,
      key: 'fileTooLarge',
    });
    const operations = s3.operations.slice(from);
    expect(operations).toContain('CreateMultipartUpload');
    expect(operations).toContain('UploadPart');
    expect(operations).not.toContain('CompleteMultipartUpload');
    expect(operations.at(-1)).toBe('AbortMultipartUpload');
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await s3.objectKeys()).not.toContain(key);
    expect(await storage.stat(key)).toBeNull();
  });

  it('reports the store’s own error when the store fails, and stops reading the source', async () => {
    const missing = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    for (const size of [1000, 12 * MiB]) {
      const source = generated(size);
      await expect(missing.put(newKey('zip'), source, 20 * MiB)).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
      expect(source.destroyed).toBe(true);
    }
  });

  it('sends a small file in one PutObject, a larger one in parts', async () => {
    const small = newKey('png');
    let from = s3.operations.length;
    await storage.put(small, generated(100_000), 2 * MiB);
    expect(s3.operations.slice(from)).toEqual(['PutObject']);
    const large = newKey('zip');
    from = s3.operations.length;
    await storage.put(large, generated(11 * MiB), 100 * MiB);
    expect(s3.operations.slice(from)).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    await Promise.all([storage.delete(small), storage.delete(large)]);
  });

  it('streams a 100 MiB file with little memory: parts go out as they fill', async () => {
    const key = newKey('zip');
    const size = 100 * MiB;
    // A first multipart upload loads and warms what every later one uses.
    await storage.put(key, generated(11 * MiB), size);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      expect(await storage.put(key, generated(size), size, 'fileTooLarge')).toEqual({ size });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(await storage.stat(key)).toEqual({ size });
    // The parts in flight plus the test's own S3 server, far below the file's 100 MiB.
    expect((peak - before) / MiB).toBeLessThan(64);
    await storage.delete(key);
  }, 120_000);

  it('makes presigned GET links that answer with the asked headers, for their key only, until they expire', async () => {
    const key = newKey('pdf');
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    await storage.put(key, Readable.from([pdf]), 100);
    const disposition = `attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('企画書.pdf')}`;
    const url = await storage.signedUrl?.(key, 600, {
      contentType: 'application/pdf',
      contentDisposition: disposition,
      cacheControl: 'private, no-store',
    });
    expect(url).toMatch(new RegExp(`^${s3.config.endpoint}/${s3.config.bucket}/${key}\\?.*X-Amz-Signature=`));
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(disposition);
    expect(res.headers.get('cache-control')).toBe('private, no-store');

    const other = newKey('pdf');
    await storage.put(other, Readable.from([Buffer.from('secret')]), 100);
    const moved = (url as string).replace(key, other);
    expect((await fetch(moved)).status).toBe(403);
    const retyped = (url as string).replace('application%2Fpdf', 'text%2Fhtml');
    expect(retyped).not.toBe(url);
    expect((await fetch(retyped)).status).toBe(403);
    const unsigned = `${s3.config.endpoint}/${s3.config.bucket}/${other}`;
    expect((await fetch(unsigned)).status).toBe(403);

    const short = (await storage.signedUrl?.(key, 2)) as string;
    expect((await fetch(short)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect((await fetch(short)).status).toBe(403);
    await Promise.all([storage.delete(key), storage.delete(other)]);
  });

  it('signs virtual-host links when path style is off, and tells the origin links point at', async () => {
    const settings = { ...s3.config, endpoint: 'https://s3.example.com', forcePathStyle: false };
    const url = new URL((await createS3Storage(settings).signedUrl?.('1/2026/12/abc.png', 60)) as string);
    expect([url.host, url.pathname]).toEqual([`${s3.config.bucket}.s3.example.com`, '/1/2026/12/abc.png']);
    expect(s3Origin(settings)).toBe(url.origin);
    const pathStyle = new URL((await storage.signedUrl?.('1/2026/12/abc.png', 60)) as string);
    expect(s3Origin(s3.config)).toBe(pathStyle.origin);
  });

  it('checks that the bucket answers, and fails for a missing bucket or wrong keys', async () => {
    await expect(storage.check?.()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...s3.config, bucket: 'no-such-bucket' }).check?.()).rejects.toThrow();
    await expect(createS3Storage({ ...s3.config, accessKeyId: 'UNKNOWN' }).check?.()).rejects.toThrow();
  });

  it('reads back what it stored as a stream', async () => {
    const key = newKey('txt');
    await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('s3')]), 100);
    const stream = await storage.get(key);
    expect(stream).toBeInstanceOf(Readable);
    expect((await buffer(stream as Readable)).toString()).toBe('hello s3');
    await storage.delete(key);
  });
});
