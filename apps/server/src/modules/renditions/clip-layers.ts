/**
 * The layer tree of a `.clip` file as its database describes it (docs/renditions.md, "CLIP STUDIO
 * files"), flattened to what the composite draws, bottom first: the root folder's children are
 * linked by `LayerFirstChildIndex` and `LayerNextIndex`, the first child at the bottom (the paper).
 */
import { LIMITS } from '@koma/shared/constants';
import type { TableReader } from './clip-tables.js';

/** One layer the composite can draw: a raster layer's pixel blocks, or the paper's colour. */
export type ClipLayer =
  | { kind: 'raster'; blocks: string; opacity: number }
  | { kind: 'paper'; rgb: [number, number, number]; opacity: number };

const RASTER = 1;
const PAPER = 1584;
/** LayerOpacity is out of 256. */
const FULL_OPACITY = 256;

/** The Layer columns read, in this order (the render mipmap's id last, replaced by its blocks' id). */
const LAYER_COLUMNS = `MainId, LayerType, LayerFolder, LayerVisibility, LayerOpacity, LayerComposite, LayerClip,
  LayerLayerMaskMipmap, LayerOffsetX, LayerOffsetY, LayerNextIndex, LayerFirstChildIndex, DrawColorMainRed,
  DrawColorMainGreen, DrawColorMainBlue, LayerRenderMipmap`;
const RENDER_MIPMAP = 15;
/** The Layer rows read: LIMITS.clipLayersMax layers and the root folder (unnamed, not a layer one sees). */
export const LAYER_ROWS = LIMITS.clipLayersMax + 1;

/**
 * The layers to draw, read table by table (clip-tables.ts: no join runs in the file's SQLite, so
 * no table without its index makes it quadratic), each table at most LIMITS.clipPixelRowsMax rows
 * besides the layers: a file with more is shown from its preview (null). A layer's blocks are
 * `Layer.LayerRenderMipmap` → `Mipmap.BaseMipmapInfo` → `MipmapInfo.Offscreen` → `Offscreen.BlockData`.
 */
export function layerRows(read: TableReader, rootFolder: number): ClipLayer[] | null {
  if (!['Mipmap', 'MipmapInfo', 'Offscreen'].every(read.isTable)) return null;
  const layers = read.rows(`SELECT ${LAYER_COLUMNS} FROM Layer ORDER BY _PW_ID`, LAYER_ROWS);
  const mipmaps = linkOf(read, 'SELECT MainId, BaseMipmapInfo FROM Mipmap');
  const infos = linkOf(read, 'SELECT MainId, Offscreen FROM MipmapInfo');
  // The blocks' id is 40 bytes; a longer value names no block anyway.
  const offscreens = linkOf(read, 'SELECT MainId, substr(BlockData, 1, 64) FROM Offscreen');
  if (!mipmaps || !infos || !offscreens) return null;
  const rows = layers.map((row) => {
    const info = mipmaps.get(Number(row[RENDER_MIPMAP]));
    const offscreen = infos.get(Number(info));
    return [...row.slice(0, RENDER_MIPMAP), offscreens.get(Number(offscreen)) ?? null];
  });
  return layerStack(rows, rootFolder);
}

/** One table's ids to what they point at, or null when it has more rows than are read. */
function linkOf(read: TableReader, select: string): Map<number, unknown> | null {
  const rows = read.rows(select, LIMITS.clipPixelRowsMax + 1);
  if (rows.length > LIMITS.clipPixelRowsMax) return null;
  return new Map(rows.map(([id, to]) => [Number(id), to]));
}

type Row = unknown[];

/**
 * The layers to draw, bottom first, or null when the file uses anything the composite does not
 * draw (a folder, a blending mode, clipping, a mask, an offset, vector or text layers…): such a
 * page is shown from the embedded preview instead.
 */
export function layerStack(rows: Row[], rootFolder: number): ClipLayer[] | null {
  const byId = new Map(rows.map((row) => [Number(row[0]), row]));
  const stack: ClipLayer[] = [];
  const seen = new Set<number>();
  let id = Number(byId.get(rootFolder)?.[11] ?? 0);
  while (id !== 0) {
    const row = byId.get(id);
    if (!row || seen.has(id)) return null;
    seen.add(id);
    const layer = drawable(row);
    if (layer === null) return null;
    if (layer !== 'hidden') stack.push(layer);
    id = Number(row[10] ?? 0);
  }
  return stack;
}

function drawable(row: Row): ClipLayer | 'hidden' | null {
  const [, type, folder, visible, opacity, composite, clip, mask, dx, dy] = row.map(Number);
  if (!visible) return 'hidden';
  const plain = folder === 0 && composite === 0 && clip === 0 && !mask && !dx && !dy;
  if (!plain) return null;
  const alpha = Math.min(1, Math.max(0, (opacity ?? FULL_OPACITY) / FULL_OPACITY));
  if (type === PAPER) {
    // Colours are 32-bit, the byte repeated: 0xFFFFFFFF is 255.
    const channel = (at: number) => Math.round(Number(row[at] ?? 0xffffffff) / 0x01010101) & 0xff;
    return { kind: 'paper', rgb: [channel(12), channel(13), channel(14)], opacity: alpha };
  }
  const blocks = row[15];
  if (type !== RASTER || !(blocks instanceof Uint8Array)) return null;
  return { kind: 'raster', blocks: Buffer.from(blocks).toString('latin1'), opacity: alpha };
}
