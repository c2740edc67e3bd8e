/// <reference path="../modules/renditions/sql-js.d.ts" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { writePsdBuffer } from 'ag-psd';
import sharp from 'sharp';
import initSqlJs, { type Database } from 'sql.js';
import { readClipChunks } from '../modules/renditions/clip-chunks.js';
import { grayPng } from './render-bombs.js';

/**
 * Page files of every format renditions are made of, made in the tests: small, but each with the
 * trait that matters (1 bit, 16 bits, several pages, layers, a lying header, a cut-off end).
 */

/** Ink lines on white, one byte a pixel: something the eye (and a mean) can check. */
function lineArt(width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if ((x + y) % 97 < 3 || x % 211 < 2) pixels[y * width + x] = 0;
  return pixels;
}

/** A PSD (or PSB) written by ag-psd: an orange composite and one layer above it with pixels of its own. */
export function psdFile(width: number, height: number, options: { psb?: boolean } = {}): Buffer {
  const composite = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) composite.set([230, 120, 30, 255], i * 4);
  const layer = new Uint8ClampedArray(64 * 64 * 4).fill(255);
  return writePsdBuffer(
    {
      width,
      height,
      imageData: { width, height, data: composite },
      children: [
        {
          name: 'ink',
          top: 0,
          left: 0,
          bottom: 64,
          right: 64,
          imageData: { width: 64, height: 64, data: layer },
        },
      ],
    },
    { psb: options.psb === true },
  );
}

/** A PSD whose header declares `width` × `height`, followed by the body of a small one. */
export function psdDeclaring(width: number, height: number): Buffer {
  const file = psdFile(32, 32);
  file.writeUInt32BE(height, 14);
  file.writeUInt32BE(width, 18);
  return file;
}

/**
 * A 16-bit grayscale PSD written by hand (ag-psd writes 8 bits only): the header, three empty
 * sections and the composite uncompressed, a left-to-right ramp over 0–65535 (mean grey ≈ 50 %).
 */
export function sixteenBitPsd(width: number, height: number): Buffer {
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4); // version: PSD
  header.writeUInt16BE(1, 12); // channels
  header.writeUInt32BE(height, 14);
  header.writeUInt32BE(width, 18);
  header.writeUInt16BE(16, 22); // bits a channel
  header.writeUInt16BE(1, 24); // grayscale
  const pixels = Buffer.alloc(width * height * 2);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.writeUInt16BE(Math.round((x / (width - 1)) * 65535), (y * width + x) * 2);
  // Colour mode data, image resources, layers and masks: each an empty section (length 0);
  // then the composite's compression, 0 = raw.
  return Buffer.concat([header, Buffer.alloc(12), Buffer.alloc(2), pixels]);
}

/** A 1-bit (bilevel, CCITT G4) TIFF, as scanners and inking software save line art. */
export function oneBitTiff(width: number, height: number): Promise<Buffer> {
  return sharp(lineArt(width, height), { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ bitdepth: 1, compression: 'ccittfax4' })
    .toBuffer();
}

/** A 16-bit grayscale PNG: a left-to-right ramp over the whole 0–65535 range (mean grey ≈ 50 %). */
export function sixteenBitPng(width: number, height: number): Promise<Buffer> {
  const pixels = new Uint16Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels[y * width + x] = Math.round((x / (width - 1)) * 65535);
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .toColourspace('grey16')
    .png()
    .toBuffer();
}

/** An 8-bit TIFF of three pages: line art on white first, then two black pages. */
export async function multiPageTiff(width: number, height: number): Promise<Buffer> {
  const first = await sharp(lineArt(width, height), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const black = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .png()
    .toBuffer();
  return sharp([first, black, black], { join: { animated: true } })
    .tiff()
    .toBuffer();
}

/** A PNG cut off halfway through its pixel data, as an interrupted copy leaves it. */
export async function truncatedPng(width: number, height: number): Promise<Buffer> {
  const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
  const whole = await sharp({ create: { width, height, channels: 3, background: '#fff', noise } })
    .png()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A valid PNG of a few hundred bytes whose header (IHDR) declares `width` × `height` 8-bit gray
 * pixels: a decompression bomb, if anything decoded it.
 */
export function headerBombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (gray), deflate, no filter, no interlace follow as zeros
  return grayPng(ihdr, zlib.deflateSync(Buffer.alloc(width + 1)));
}

/** The start of a CLIP STUDIO PAINT file (`.clip`): its own container, no image format. */
export const clipFile = (): Buffer =>
  Buffer.concat([Buffer.from('CSFCHUNK', 'latin1'), Buffer.alloc(256, 7)]);

/** A real file made by CLIP STUDIO PAINT: 400 × 566 px at 600 dpi (test/fixtures/clip/README.md). */
export const clipSample = (): Buffer =>
  readFileSync(fileURLToPath(new URL('./fixtures/clip/sample-kazuhito00.clip', import.meta.url)));

/**
 * The real `.clip` file with its SQLite database changed by `edit` (sql.js), its chunks rewritten
 * around the new database: a canvas that claims another size, a table gone.
 */
export function clipWithDatabase(edit: (db: Database) => void): Promise<Buffer> {
  return withClipDatabase(clipSample(), edit);
}

/** A `.clip` file whose database (its last chunk before CHNKFoot) is changed by `edit`. */
export async function withClipDatabase(file: Buffer, edit: (db: Database) => void): Promise<Buffer> {
  const { sqlite } = readClipChunks(file);
  const SQL = await initSqlJs();
  const db = new SQL.Database(file.subarray(sqlite.offset, sqlite.offset + sqlite.length));
  edit(db);
  const data = Buffer.from(db.export());
  db.close();
  const chunk = (name: string, body: Buffer) => {
    const length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(body.length));
    return Buffer.concat([Buffer.from(name, 'latin1'), length, body]);
  };
  const before = file.subarray(0, sqlite.offset - 16);
  const out = Buffer.concat([before, chunk('CHNKSQLi', data), chunk('CHNKFoot', Buffer.alloc(0))]);
  out.writeBigUInt64BE(BigInt(out.length), 8);
  return out;
}
