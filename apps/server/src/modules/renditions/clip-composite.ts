import zlib from 'node:zlib';
import { LIMITS } from '@koma/shared/constants';
import type { ClipRange } from './clip-chunks.js';
import type { ClipLayer } from './clip-layers.js';
import { brokenFile, tooManyLayers } from './render-refusal.js';

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

/**
 * The composite, one grey byte a pixel while every layer drawn so far is grey (a page of ink and
 * screentone, the usual manga page), else RGB, 3 bytes a pixel: a third of the bytes to fill and
 * of the work left to libvips for a grey page. `pixels` is the start of a buffer of 3 bytes a
 * pixel whose untouched rest the process never pays for, so turning colour needs no second array.
 */
export interface ClipComposite {
  pixels: Buffer;
  channels: 1 | 3;
}

interface Canvas {
  /** Room for 3 bytes a pixel; the first third only is used while grey. */
  data: Buffer;
  channels: 1 | 3;
  width: number;
  height: number;
}

/**
 * Null when a layer's blocks are not laid out as the composite expects. The blocks every layer
 * draws are counted first, from their headers alone: more than LIMITS.clipCompositeBlocksMax in
 * all (thousands of layers naming the same blocks, say) is refused before one is inflated.
 */
export function compositeClip(input: CompositeInput, stack: ClipLayer[]): ClipComposite | null {
  const { width, height } = input;
  const ranges = stack.map((layer) => (layer.kind === 'raster' ? input.extas.get(layer.blocks) : undefined));
  if (stack.some((layer, i) => layer.kind === 'raster' && !ranges[i])) return null;
  const drawn = blocksDrawn(input, ranges);
  if (drawn === null) return null;
  if (drawn > LIMITS.clipCompositeBlocksMax) throw tooManyLayers();
  const canvas: Canvas = { data: Buffer.allocUnsafe(width * height * 3), channels: 1, width, height };
  canvas.data.fill(255, 0, width * height);
  for (const [i, layer] of stack.entries()) {
    const range = ranges[i];
    if (layer.kind === 'paper') fill(canvas, layer.rgb, layer.opacity);
    else if (range) {
      const { opacity } = layer;
      walkBlocks(input, range, (index, pixels) => drawBlock(inflate(pixels), index, opacity, canvas));
    }
  }
  const { data, channels } = canvas;
  return { pixels: data.subarray(0, width * height * channels), channels };
}

/** From grey to RGB in place, from the last pixel back, so that no grey byte is overwritten unread. */
function toColour(canvas: Canvas) {
  if (canvas.channels === 3) return;
  const { data } = canvas;
  for (let i = canvas.width * canvas.height - 1; i >= 0; i--) {
    const v = data[i] as number;
    data[i * 3] = v;
    data[i * 3 + 1] = v;
    data[i * 3 + 2] = v;
  }
  canvas.channels = 3;
}

function fill(canvas: Canvas, rgb: [number, number, number], opacity: number) {
  if (rgb[0] !== rgb[1] || rgb[1] !== rgb[2]) toColour(canvas);
  const colour = canvas.channels === 3 ? rgb : [rgb[0]];
  const end = canvas.width * canvas.height * canvas.channels;
  const out = canvas.data;
  // An opaque paper (the usual one) covers everything under it: one pattern fill, not a mix a byte.
  if (opacity >= 1) {
    out.fill(Buffer.from(colour), 0, end);
    return;
  }
  const step = colour.length;
  for (let at = 0; at < end; at += step)
    for (let c = 0; c < step; c++) out[at + c] = mix(out[at + c] as number, colour[c] as number, opacity);
}

const mix = (under: number, over: number, alpha: number) => Math.round(under + (over - under) * alpha);

/** The present blocks all layers draw (a layer's blocks counted once however often it is named), or null. */
function blocksDrawn(input: CompositeInput, ranges: (ClipRange | undefined)[]): number | null {
  const counted = new Map<ClipRange, number | null>();
  let total = 0;
  for (const range of ranges) {
    if (!range) continue;
    let count = counted.get(range);
    if (count === undefined) {
      let present = 0;
      count = walkBlocks(input, range, () => {
        present += 1;
      })
        ? present
        : null;
      counted.set(range, count);
    }
    if (count === null) return null;
    total += count;
  }
  return total;
}

/**
 * Walks one layer's blocks, calling `present` with each present block's index and compressed
 * bytes; false when they do not tile the canvas in BLOCK px squares.
 */
function walkBlocks(
  input: CompositeInput,
  range: ClipRange,
  present: (index: number, compressed: Buffer) => void,
): boolean {
  const { bytes, width, height } = input;
  const count = Math.ceil(width / BLOCK) * Math.ceil(height / BLOCK);
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
    const [index, size, w, h, isPresent] = [0, 4, 8, 12, 16].map((o) => bytes.readUInt32BE(nameEnd + o));
    if (size !== BLOCK_BYTES || w !== BLOCK || h !== BLOCK || (index as number) >= count) return false;
    let next = nameEnd + 20;
    if (isPresent) {
      if (next + 8 > end) throw brokenFile();
      const length = bytes.readUInt32LE(next + 4);
      next += 8;
      if (next + length > end) throw brokenFile();
      present(index as number, bytes.subarray(next, next + length));
      next += length;
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
    // One output chunk a little larger than a block: zlib's default 16 KB chunks would be joined
    // by a copy for every block (half the inflate's time on a 52 MP page).
    const pixels = zlib.inflateSync(data, { maxOutputLength: BLOCK_BYTES, chunkSize: BLOCK_BYTES + 1024 });
    if (pixels.length !== BLOCK_BYTES) throw brokenFile();
    return pixels;
  } catch {
    throw brokenFile();
  }
}

function drawBlock(pixels: Buffer, index: number, opacity: number, canvas: Canvas) {
  const { width, height } = canvas;
  const columns = Math.ceil(width / BLOCK);
  const left = (index % columns) * BLOCK;
  const top = Math.floor(index / columns) * BLOCK;
  const rows = Math.min(BLOCK, height - top);
  const cols = Math.min(BLOCK, width - left);
  // Most of a line-art layer is transparent: its alpha is read four pixels at a time where aligned.
  const words =
    pixels.byteOffset % 4 === 0 ? new Uint32Array(pixels.buffer, pixels.byteOffset, BLOCK_PIXELS / 4) : null;
  for (let y = 0; y < rows; y++) {
    const row = (top + y) * width + left;
    for (let x = 0; x < cols; x++) {
      const p = y * BLOCK + x;
      if (words && (x & 3) === 0 && words[p >> 2] === 0) {
        x += 3;
        continue;
      }
      const a = pixels[p] as number;
      if (a === 0) continue;
      const colour = BLOCK_PIXELS + p * 4;
      const b = pixels[colour] as number;
      const g = pixels[colour + 1] as number;
      const r = pixels[colour + 2] as number;
      // The pixels drawn so far are grey: turning RGB here keeps them.
      if (canvas.channels === 1 && (b !== g || g !== r)) toColour(canvas);
      const out = canvas.data;
      // Most drawn pixels of line art are opaque on an opaque layer: copied, not mixed.
      const alpha = a === 255 && opacity >= 1 ? 1 : (a / 255) * opacity;
      if (canvas.channels === 1) out[row + x] = alpha === 1 ? b : mix(out[row + x] as number, b, alpha);
      else {
        const o = (row + x) * 3;
        out[o] = alpha === 1 ? r : mix(out[o] as number, r, alpha);
        out[o + 1] = alpha === 1 ? g : mix(out[o + 1] as number, g, alpha);
        out[o + 2] = alpha === 1 ? b : mix(out[o + 2] as number, b, alpha);
      }
    }
  }
}
