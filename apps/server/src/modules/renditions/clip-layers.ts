/**
 * The layer tree of a `.clip` file as its database describes it (docs/renditions.md, "CLIP STUDIO
 * files"), flattened to what the composite draws, bottom first: the root folder's children are
 * linked by `LayerFirstChildIndex` and `LayerNextIndex`, the first child at the bottom (the paper).
 */

/** One layer the composite can draw: a raster layer's pixel blocks, or the paper's colour. */
export type ClipLayer =
  | { kind: 'raster'; blocks: string; opacity: number }
  | { kind: 'paper'; rgb: [number, number, number]; opacity: number };

const RASTER = 1;
const PAPER = 1584;
/** LayerOpacity is out of 256. */
const FULL_OPACITY = 256;

/** The Layer columns read, in this order (with the render offscreen's block id last). */
export const LAYER_QUERY = `SELECT l.MainId, l.LayerType, l.LayerFolder, l.LayerVisibility, l.LayerOpacity,
  l.LayerComposite, l.LayerClip, l.LayerLayerMaskMipmap, l.LayerOffsetX, l.LayerOffsetY,
  l.LayerNextIndex, l.LayerFirstChildIndex, l.DrawColorMainRed, l.DrawColorMainGreen,
  l.DrawColorMainBlue, o.BlockData
  FROM Layer l
  LEFT JOIN Mipmap m ON m.MainId = l.LayerRenderMipmap
  LEFT JOIN MipmapInfo i ON i.MainId = m.BaseMipmapInfo
  LEFT JOIN Offscreen o ON o.MainId = i.Offscreen`;

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
