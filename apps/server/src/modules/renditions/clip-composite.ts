import zlib from 'node:zlib';
import type { ClipRange } from './clip-chunks.js';
import type { ClipLayer } from './clip-layers.js';
import { brokenFile } from './render-refusal.js';

/**
 * The canvas of a `.clip` file at its full size, drawn from its layers' pixel blocks
 * (docs/renditions.md, "CLIP STUDIO files"): normal blending, each layer's opacity, on white.
 * A layer's pixels are square blocks of BLOCK px in rows across the canvas, each zlib-compressed
 * as an alpha plane followed by the colours as B, G, R and an unused byte.
 */

const BLOCK = 256;
const BLOCK_PIXELS = BLOCK * BLOCK;
const BLOCK_BYTES = BLOCK_PIXELS * 5;
const BEGIN = 'BlockDataBeginChunk';

export interface CompositeInput {
  bytes: Buffer;
  width: number;
  height: number;
  extas: Map<string, ClipRange>;
}

/** RGB, 3 bytes a pixel; null when a layer's blocks are not laid out as the composite expects. */
export function compositeClip(input: CompositeInput, stack: ClipLayer[]): Buffer | null {
  const { width, height } = input;
  const out = Buffer.alloc(width * height * 3, 255);
  for (const layer of stack) {
    if (layer.kind === 'paper') fill(out, layer.rgb, layer.opacity);
    else {
      const range = input.extas.get(layer.blocks);
      if (!range || !drawBlocks(input, range, layer.opacity, out)) return null;
    }
  }
  return out;
}

function fill(out: Buffer, rgb: [number, number, number], opacity: number) {
  for (let at = 0; at < out.length; at += 3)
    for (let c = 0; c < 3; c++) out[at + c] = mix(out[at + c] as number, rgb[c] as number, opacity);
}

const mix = (under: number, over: number, alpha: number) => Math.round(under + (over - under) * alpha);

/** Draws one layer's blocks; false when they do not tile the canvas in BLOCK px squares. */
function drawBlocks(input: CompositeInput, range: ClipRange, opacity: number, out: Buffer): boolean {
  const { bytes, width, height } = input;
  const columns = Math.ceil(width / BLOCK);
  const count = columns * Math.ceil(height / BLOCK);
  const end = range.offset + range.length;
  // The blocks' total length, then the blocks; BlockStatus and BlockCheckSum follow them.
  let at = range.offset + 8;
  for (;;) {
    // A block starts with its length, then its name's; what follows the blocks (BlockStatus) does
    // not, so anything but a block's name there ends them.
    if (at + 8 + BEGIN.length * 2 > end) return true;
    const nameEnd = at + 8 + BEGIN.length * 2;
    const named = bytes.readUInt32BE(at + 4) === BEGIN.length;
    if (!named || bytes.toString('utf16le', at + 8, nameEnd) !== utf16be(BEGIN)) return true;
    if (nameEnd + 20 > end) throw brokenFile();
    const [index, size, w, h, present] = [0, 4, 8, 12, 16].map((o) => bytes.readUInt32BE(nameEnd + o));
    if (size !== BLOCK_BYTES || w !== BLOCK || h !== BLOCK || (index as number) >= count) return false;
    let next = nameEnd + 20;
    if (present) {
      if (next + 8 > end) throw brokenFile();
      const length = bytes.readUInt32LE(next + 4);
      next += 8;
      if (next + length > end) throw brokenFile();
      const pixels = inflate(bytes.subarray(next, next + length));
      next += length;
      drawBlock(pixels, index as number, columns, input, opacity, out);
    }
    // BlockDataEndChunk, as a name.
    if (next + 4 > end) throw brokenFile();
    at = next + 4 + bytes.readUInt32BE(next) * 2;
  }
}

/** The name as it is stored (UTF-16 big-endian), read back as little-endian for a plain compare. */
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('utf16le');

function inflate(data: Buffer): Buffer {
  try {
    const pixels = zlib.inflateSync(data, { maxOutputLength: BLOCK_BYTES });
    if (pixels.length !== BLOCK_BYTES) throw brokenFile();
    return pixels;
  } catch {
    throw brokenFile();
  }
}

function drawBlock(
  pixels: Buffer,
  index: number,
  columns: number,
  { width, height }: CompositeInput,
  opacity: number,
  out: Buffer,
) {
  const left = (index % columns) * BLOCK;
  const top = Math.floor(index / columns) * BLOCK;
  const rows = Math.min(BLOCK, height - top);
  const cols = Math.min(BLOCK, width - left);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const p = y * BLOCK + x;
      const alpha = ((pixels[p] as number) / 255) * opacity;
      if (alpha === 0) continue;
      const colour = BLOCK_PIXELS + p * 4;
      const o = ((top + y) * width + left + x) * 3;
      out[o] = mix(out[o] as number, pixels[colour + 2] as number, alpha);
      out[o + 1] = mix(out[o + 1] as number, pixels[colour + 1] as number, alpha);
      out[o + 2] = mix(out[o + 2] as number, pixels[colour] as number, alpha);
    }
  }
}
