import zlib from 'node:zlib';

/**
 * Page files that cost nothing to send and everything to decode (docs/renditions.md, "Memory
 * bounds"), made in code so none is ever committed: the tests and the trials read them from here.
 * Each declares a canvas just under LIMITS.renditionMaxPixels (250 MP).
 */

/** 16383 × 15259: 249.99 MP, the largest WebP canvas (14 bits a side) under the pixel limit. */
export const BOMB_SIZE = { width: 16_383, height: 15_259 } as const;

/**
 * A 38-byte lossless WebP (RIFF, VP8L) whose header claims `width` × `height` (at most 16384 a
 * side): libvips decodes a WebP whole, so it would allocate the full canvas before finding the
 * data missing.
 */
export function webpBomb(width: number = BOMB_SIZE.width, height: number = BOMB_SIZE.height): Buffer {
  const data = Buffer.alloc(18);
  data[0] = 0x2f; // VP8L signature
  // 14 bits width − 1, 14 bits height − 1, 1 bit alpha, 3 bits version (0), little-endian.
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  const riff = Buffer.alloc(20);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(riff.length - 8 + data.length, 4);
  riff.write('WEBPVP8L', 8, 'latin1');
  riff.writeUInt32LE(data.length, 16);
  return Buffer.concat([riff, data]);
}

/**
 * A white 1-bit grayscale PNG of `width` × `height` (about 31 KB at 250 MP): real, valid and
 * whole, the cheapest big page there is. `interlace` writes it Adam7-interlaced, which a decoder
 * must hold whole (the passes' rows are of other widths, but the bytes, all white, compress alike).
 */
export function oneBitPng(
  width: number = BOMB_SIZE.width,
  height: number = BOMB_SIZE.height,
  { interlace = false } = {},
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth; colour type 0 (gray), deflate, no filter follow as zeros
  ihdr[12] = interlace ? 1 : 0;
  const rowBytes = Math.ceil(width / 8);
  const rows = interlace ? adam7Rows(width, height) : Array(height).fill(rowBytes);
  const raw = Buffer.alloc(
    rows.reduce((sum, bytes) => sum + bytes + 1, 0),
    0xff,
  );
  let at = 0;
  for (const bytes of rows) {
    raw[at] = 0; // filter: none
    at += bytes + 1;
  }
  return grayPng(ihdr, zlib.deflateSync(raw, { level: 9 }));
}

/** Bytes of each row of each Adam7 pass of a 1-bit image, in order. */
function adam7Rows(width: number, height: number): number[] {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  const rows: number[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0) for (let y = 0; y < h; y++) rows.push(Math.ceil(w / 8));
  }
  return rows;
}

/** A PNG of its header (IHDR) and one compressed data chunk (IDAT). */
export function grayPng(ihdr: Buffer, idat: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** PSD colour modes the bombs use. */
const PSD_MODE = { bitmap: 0, rgb: 3 } as const;

/**
 * A white PSD of `width` × `height` written directly (ag-psd cannot write 16 bits or RLE this
 * fast): header, empty colour mode, resource and layer sections, then the composite RLE-compressed
 * (PackBits runs of 128 equal bytes), RGB at 8 or 16 bits, or bitmap (1 bit). About 11.8 MB at
 * 250 MP and 8 bits, 23.6 MB at 16, 0.5 MB as a bitmap: ag-psd would make a 1–2 GB RGBA array.
 */
export function rlePsd({
  width = BOMB_SIZE.width,
  height = BOMB_SIZE.height,
  depth = 8,
}: {
  width?: number;
  height?: number;
  depth?: 1 | 8 | 16;
} = {}): Buffer {
  const bitmap = depth === 1;
  const channels = bitmap ? 1 : 3;
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4); // version: PSD
  header.writeUInt16BE(channels, 12);
  header.writeUInt32BE(height, 14);
  header.writeUInt32BE(width, 18);
  header.writeUInt16BE(depth, 22);
  header.writeUInt16BE(bitmap ? PSD_MODE.bitmap : PSD_MODE.rgb, 24);
  // In a bitmap, 0 is white; in RGB, 0xff is.
  const row = packBitsRun(Math.ceil((width * depth) / 8), bitmap ? 0x00 : 0xff);
  const rows = channels * height;
  const counts = Buffer.alloc(rows * 2);
  for (let i = 0; i < rows; i++) counts.writeUInt16BE(row.length, i * 2);
  const compression = Buffer.from([0, 1]); // RLE
  // Colour mode data, image resources, layers and masks: each an empty section (length 0).
  return Buffer.concat([header, Buffer.alloc(12), compression, counts, Buffer.alloc(rows * row.length, row)]);
}

/** PackBits of `bytes` equal bytes: runs of 128 (a count byte of −127 and the value). */
function packBitsRun(bytes: number, value: number): Buffer {
  const runs: number[] = [];
  for (let left = bytes; left > 0; left -= 128) {
    const run = Math.min(128, left);
    runs.push(run === 1 ? 0 : 257 - run, value);
  }
  return Buffer.from(runs);
}
