import fs from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { TILE } from './render-protocol.js';

/**
 * How much memory a render's decode needs, judged from the header alone (docs/renditions.md,
 * "Memory bounds"), so that a file a decoder must hold whole is refused before it is decoded,
 * whatever its few bytes claim.
 */

const MB = 1024 * 1024;

/**
 * What a render process holds whatever its page: Node, sharp and libvips loaded, its buffers.
 * Measured at 60–75 MB resident with a small page (more under the tsx loader in development).
 */
export const PROCESS_BYTES = 96 * MB;

/**
 * What a streamed decode holds: a few rows of the input, and for the Deep Zoom pyramid a strip of
 * tiles the width of each level (the levels' widths add up to twice the page's), 4 bands of 8 bits.
 */
export const streamedBytes = (width: number) => 2 * width * (TILE.size + 2 * TILE.overlap) * 4 * 2;

const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * Bytes libvips must hold at once to decode the first page of an image sharp reads: the whole
 * canvas for WebP and GIF (decoded whole, as RGBA), interlaced PNG, progressive JPEG (its DCT
 * coefficients, 2 bytes a sample) and any page turned by its EXIF orientation (but a mirror);
 * a TIFF's largest strip or row of tiles (one strip can be the whole page); nothing beyond the
 * streamed rows for the rest (PNG, baseline JPEG).
 */
export async function heldBytes(file: string, header: Metadata): Promise<number> {
  const turned = (header.orientation ?? 1) > 2;
  if (header.format !== 'tiff' || turned) return heldBytesOfHeader(header);
  const width = header.width ?? 0;
  return Math.min(header.height ?? 0, await tiffChunkRows(file)) * width * pixelBytes(header);
}

const pixelBytes = (header: Metadata) =>
  (header.channels ?? 4) * (SAMPLE_BYTES[header.depth ?? 'uchar'] ?? 8);

/**
 * heldBytes of any format but TIFF, from the header alone (an avatar's PNG, GIF or JPEG is judged
 * with it before its thumbnail is made: uploads/thumbnails.ts).
 */
export function heldBytesOfHeader(header: Metadata): number {
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  const whole = width * height * pixelBytes(header);
  if ((header.orientation ?? 1) > 2) return whole;
  switch (header.format) {
    case 'webp':
    case 'gif':
      return width * height * 4;
    case 'png':
      return header.isProgressive ? whole : 0;
    case 'jpeg':
      return header.isProgressive ? width * height * (header.channels ?? 3) * 2 : 0;
    default:
      return whole;
  }
}

const TAG = { rowsPerStrip: 278, tileLength: 323 } as const;

/**
 * The rows of the first page a TIFF stores together: its tile height if tiled, otherwise its
 * strip's rows (a strip, by default, is the whole page). Read from the first IFD by hand: the
 * two tags are all that is needed, and the IFD is often at the file's end, past what a header
 * reader looks at.
 */
async function tiffChunkRows(file: string): Promise<number> {
  const handle = await fs.open(file, 'r');
  try {
    const read = async (at: number | bigint, length: number) => {
      const bytes = Buffer.alloc(length);
      await handle.read(bytes, 0, length, Number(at));
      return bytes;
    };
    const head = await read(0, 16);
    const le = head.toString('latin1', 0, 2) === 'II';
    const u16 = (b: Buffer, at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
    const u32 = (b: Buffer, at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
    const u64 = (b: Buffer, at: number) => (le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at));
    const big = u16(head, 2) === 43;
    const ifd = big ? u64(head, 8) : u32(head, 4);
    const countBytes = big ? 8 : 2;
    const entryBytes = big ? 20 : 12;
    const countBuffer = await read(ifd, countBytes);
    const count = Math.min(big ? Number(u64(countBuffer, 0)) : u16(countBuffer, 0), 4096);
    const entries = await read(Number(ifd) + countBytes, count * entryBytes);
    let strip = Number.MAX_SAFE_INTEGER;
    let tile: number | undefined;
    for (let at = 0; at + entryBytes <= entries.length; at += entryBytes) {
      const tag = u16(entries, at);
      if (tag !== TAG.rowsPerStrip && tag !== TAG.tileLength) continue;
      const valueAt = at + (big ? 12 : 8);
      // SHORT (3) or LONG (4), one value, stored in the entry itself.
      const value = u16(entries, at + 2) === 3 ? u16(entries, valueAt) : u32(entries, valueAt);
      if (tag === TAG.tileLength) tile = value;
      else strip = value;
    }
    return tile ?? strip;
  } finally {
    await handle.close();
  }
}

/**
 * Bytes a PSD or PSB decode holds: the whole file (ag-psd reads from one buffer) and the RGBA
 * composite, 4 bytes a pixel, 8 at 16 bits.
 */
export const psdHeldBytes = (size: { width: number; height: number; depth: number }, fileBytes: number) =>
  fileBytes + size.width * size.height * 4 * (size.depth === 16 ? 2 : 1);
