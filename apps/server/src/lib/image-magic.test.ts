import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { detectImageKind, expectImageKind, imageKindOfExtension } from './image-magic.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const GIF87 = Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1');
const GIF89 = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

describe('detectImageKind', () => {
  it.each([
    ['png', PNG],
    ['gif', GIF87],
    ['gif', GIF89],
    ['jpeg', JPEG],
  ])('recognises %s', (kind, bytes) => {
    expect(detectImageKind(bytes)).toBe(kind);
  });

  it.each([
    ['text', Buffer.from('hello world, not an image')],
    ['empty', Buffer.alloc(0)],
    ['a truncated png signature', PNG.subarray(0, 7)],
    ['png with one byte off', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['GIF88a', Buffer.from('GIF88a')],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['pdf', Buffer.from('%PDF-1.7')],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageKind(bytes)).toBeNull();
  });
});

describe('imageKindOfExtension', () => {
  it('maps the accepted extensions, jpg and jpeg alike, in any case', () => {
    expect(imageKindOfExtension('PNG')).toBe('png');
    expect(imageKindOfExtension('gif')).toBe('gif');
    expect(imageKindOfExtension('jpg')).toBe('jpeg');
    expect(imageKindOfExtension('JPEG')).toBe('jpeg');
    expect(imageKindOfExtension('webp')).toBeNull();
    expect(imageKindOfExtension('')).toBeNull();
  });
});

/** Streams `data` one byte per chunk through the check: the head is split across chunks. */
async function throughCheck(data: Buffer, kind: 'png' | 'gif' | 'jpeg'): Promise<Buffer> {
  const check = expectImageKind(kind, () => new Error('not an image'));
  const source = Readable.from([...data].map((b) => Buffer.from([b])));
  const out: Buffer[] = [];
  check.on('data', (chunk: Buffer) => out.push(chunk));
  await pipeline(source, check);
  return Buffer.concat(out);
}

describe('expectImageKind', () => {
  it('passes a matching stream through unchanged, even when its head arrives byte by byte', async () => {
    const data = Buffer.concat([PNG, Buffer.alloc(100_000, 7)]);
    expect((await throughCheck(data, 'png')).equals(data)).toBe(true);
    expect((await throughCheck(JPEG, 'jpeg')).equals(JPEG)).toBe(true);
  });

  it('fails a stream whose head announces another format or none', async () => {
    await expect(throughCheck(GIF89, 'png')).rejects.toThrow('not an image');
    await expect(throughCheck(Buffer.from('plain text pretending'), 'jpeg')).rejects.toThrow('not an image');
  });

  it('judges a stream shorter than the longest signature by what arrived', async () => {
    await expect(throughCheck(Buffer.alloc(0), 'png')).rejects.toThrow('not an image');
    await expect(throughCheck(PNG.subarray(0, 4), 'png')).rejects.toThrow('not an image');
    expect((await throughCheck(JPEG.subarray(0, 3), 'jpeg')).length).toBe(3);
  });

  it('refuses before the rest of a large stream is read', async () => {
    let produced = 0;
    function* endless() {
      yield Buffer.from('definitely not a png');
      for (;;) {
        produced += 1;
        yield Buffer.alloc(64 * 1024);
      }
    }
    const check = expectImageKind('png', () => new Error('not an image'));
    await expect(pipeline(Readable.from(endless()), check, async (s) => buffer(s))).rejects.toThrow();
    expect(produced).toBeLessThan(50);
  });
});
