/// <reference path="../../apps/server/src/modules/renditions/sql-js.d.ts" />
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';
import initSqlJs, { type Database } from 'sql.js';
import { CLIP_MAGIC } from '../../apps/server/src/modules/renditions/clip-chunks.js';
import { B4_600DPI, lineArtPixels } from './line-art.js';

/**
 * A CLIP STUDIO PAINT page (`.clip`) of the line art of line-art.ts, laid out as Koma's reader
 * expects it (docs/renditions.md, "CLIP STUDIO files"; apps/server/src/modules/renditions/clip-*.ts):
 * the database of the real file the server's tests carry, its canvas, layers and preview changed
 * to the page's, and one CHNKExta of pixel blocks for each of its two raster layers. Drawn on its
 * white paper layer, the tone layer (the screentone's grey dots) and the ink layer above it (the
 * strokes, black) give exactly the pixels of lineArtPage() at the same size and seed, so a render of both
 * can be compared. What a real file also holds and Koma does not read is left out: the layers'
 * smaller mipmap levels (about a third more bytes) and CLIP STUDIO's own block checksums (here the
 * blocks' Adler-32).
 */

const FIXTURE = new URL('../../apps/server/src/test/fixtures/clip/sample-kazuhito00.clip', import.meta.url);
/** The fixture's raster layers (Layer.MainId), bottom first, and their render offscreens (Offscreen.MainId). */
const TONE = { layer: 10, offscreen: 55, name: 'トーン' };
const INK = { layer: 3, offscreen: 11, name: '線画' };
/** The fixture's canvas, as the offscreens' attributes state it. */
const FIXTURE_SIZE = { width: 400, height: 566 };

const BLOCK = 256;
const BLOCK_PIXELS = BLOCK * BLOCK;
/** An alpha plane, then B, G, R and an unused byte a pixel. */
const BLOCK_BYTES = BLOCK_PIXELS * 5;
/** CLIP STUDIO compresses its blocks at zlib's fastest level (the fixture's streams start 78 01). */
const LEVEL = 1;
/** The embedded preview's long side: CLIP STUDIO stores one smaller than a large canvas. */
const PREVIEW_PX = 1024;
const FILE_HEADER = 24;
const CHUNK_HEADER = 16;

export interface ClipPageFile {
  bytes: Buffer;
  /** The pixels it shows, one grey byte each (lineArtPixels()). */
  pixels: Uint8Array;
}

/** The `.clip` page of `size` (default the 600-dpi B4 page), drawn with line-art.ts's `seed`. */
export async function clipPage(size = B4_600DPI, seed = 42): Promise<ClipPageFile> {
  const pixels = lineArtPixels(size, seed);
  const layers = [
    { ...TONE, id: externalId(seed, 'tone'), body: layerBlocks(pixels, size, (v) => v > 0 && v < 255) },
    { ...INK, id: externalId(seed, 'ink'), body: layerBlocks(pixels, size, (v) => v === 0) },
  ];
  const fixture = fs.readFileSync(FIXTURE);
  const head = chunkAt(fixture, FILE_HEADER, 'CHNKHead');
  const extas = layers.map((l) =>
    chunk('CHNKExta', Buffer.concat([u64(40), Buffer.from(l.id, 'latin1'), l.body])),
  );
  let offset = FILE_HEADER + head.length;
  const placed = layers.map((l, i) => {
    const at = offset;
    offset += (extas[i] as Buffer).length;
    return { ...l, offset: at };
  });
  const sqliteOffset = offset;
  const database = await pageDatabase(fixture, size, await previewPng(pixels, size), placed);
  // The head names the database's chunk by its offset.
  head.writeBigUInt64BE(BigInt(sqliteOffset), CHUNK_HEADER + 8);
  const header = Buffer.alloc(FILE_HEADER);
  header.write(CLIP_MAGIC, 'latin1');
  header.writeBigUInt64BE(BigInt(FILE_HEADER), 16);
  const bytes = Buffer.concat([
    header,
    head,
    ...extas,
    chunk('CHNKSQLi', database),
    chunk('CHNKFoot', Buffer.alloc(0)),
  ]);
  bytes.writeBigUInt64BE(BigInt(bytes.length), 8);
  return { bytes, pixels };
}

const externalId = (seed: number, layer: string) =>
  `extrnlid${crypto.createHash('md5').update(`koma-bench-${seed}-${layer}`).digest('hex').toUpperCase()}`;

function u32(value: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
}

function u64(value: number) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(value));
  return b;
}

/** A name as CLIP STUDIO writes it in a CHNKExta: its length in characters, then UTF-16 big-endian. */
const named = (text: string) => Buffer.concat([u32(text.length), Buffer.from(text, 'utf16le').swap16()]);

function chunk(name: string, body: Buffer) {
  return Buffer.concat([Buffer.from(name, 'latin1'), u64(body.length), body]);
}

/** A copy of the chunk `name` at `at` of `file`, header included. */
function chunkAt(file: Buffer, at: number, name: string): Buffer {
  if (file.toString('latin1', at, at + 8) !== name) throw new Error(`no ${name} at ${at} of the fixture`);
  return Buffer.from(file.subarray(at, at + CHUNK_HEADER + Number(file.readBigUInt64BE(at + 8))));
}

/**
 * One layer's CHNKExta body after its id: the length of what follows, every block of the canvas
 * in rows (a block without a pixel of the layer marked absent, as CLIP STUDIO does), then the
 * blocks' status and checksums. `drawn` says which grey values of `pixels` are on this layer;
 * they are drawn opaque in their grey, the rest transparent. One block is built at a time.
 */
function layerBlocks(pixels: Uint8Array, { width, height }: typeof B4_600DPI, drawn: (v: number) => boolean) {
  const columns = Math.ceil(width / BLOCK);
  const count = columns * Math.ceil(height / BLOCK);
  const raw = Buffer.alloc(BLOCK_BYTES);
  const parts: Buffer[] = [];
  const checksums: number[] = [];
  for (let index = 0; index < count; index++) {
    const left = (index % columns) * BLOCK;
    const top = Math.floor(index / columns) * BLOCK;
    raw.fill(0, 0, BLOCK_PIXELS);
    // Transparent pixels keep a colour too; the fixture's are the colour last drawn with.
    raw.fill(Buffer.from([255, 255, 255, 0]), BLOCK_PIXELS);
    let present = false;
    for (let y = 0; y < Math.min(BLOCK, height - top); y++) {
      for (let x = 0; x < Math.min(BLOCK, width - left); x++) {
        const v = pixels[(top + y) * width + left + x] as number;
        if (!drawn(v)) continue;
        present = true;
        const p = y * BLOCK + x;
        raw[p] = 255;
        raw.fill(v, BLOCK_PIXELS + p * 4, BLOCK_PIXELS + p * 4 + 3);
      }
    }
    const data = present ? zlib.deflateSync(raw, { level: LEVEL }) : null;
    checksums.push(data ? data.readUInt32BE(data.length - 4) : 0);
    parts.push(block(index, data));
  }
  const list = (name: string, values: number[]) =>
    Buffer.concat([named(name), u32(12), u32(values.length), u32(4), ...values.map(u32)]);
  const rest = Buffer.concat([
    ...parts,
    list(
      'BlockStatus',
      checksums.map(() => 1),
    ),
    list('BlockCheckSum', checksums),
  ]);
  return Buffer.concat([u64(rest.length), rest]);
}

/** One block: its length, its begin name, index, size and presence, its zlib data, its end name. */
function block(index: number, data: Buffer | null): Buffer {
  const fields = [index, BLOCK_BYTES, BLOCK, BLOCK, data ? 1 : 0].map(u32);
  const pixels = data ? [u32(data.length + 4), Buffer.alloc(4), data] : [];
  if (data) (pixels[1] as Buffer).writeUInt32LE(data.length);
  const body = Buffer.concat([
    named('BlockDataBeginChunk'),
    ...fields,
    ...pixels,
    named('BlockDataEndChunk'),
  ]);
  return Buffer.concat([u32(body.length + 4), body]);
}

/** The page as CLIP STUDIO previews it: RGBA PNG, its long side PREVIEW_PX. */
async function previewPng(pixels: Uint8Array, { width, height }: typeof B4_600DPI) {
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .resize(PREVIEW_PX, PREVIEW_PX, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** The fixture's database, changed to describe this page and where its layers' chunks are. */
async function pageDatabase(
  fixture: Buffer,
  { width, height }: typeof B4_600DPI,
  preview: { data: Buffer; info: { width: number; height: number } },
  layers: { layer: number; offscreen: number; name: string; id: string; offset: number }[],
): Promise<Buffer> {
  const sqlite = chunkAt(
    fixture,
    Number(fixture.readBigUInt64BE(FILE_HEADER + CHUNK_HEADER + 8)),
    'CHNKSQLi',
  );
  const SQL = await initSqlJs();
  const db = new SQL.Database(sqlite.subarray(CHUNK_HEADER));
  try {
    const hex = (b: Buffer) => `X'${b.toString('hex')}'`;
    db.run(`UPDATE Canvas SET CanvasWidth = ${width}, CanvasHeight = ${height}, CanvasResolution = 600`);
    db.run(`UPDATE LayerThumbnail SET ThumbnailCanvasWidth = ${width}, ThumbnailCanvasHeight = ${height}`);
    db.run(
      `UPDATE CanvasPreview SET ImageWidth = ${preview.info.width}, ImageHeight = ${preview.info.height}, ImageData = ${hex(preview.data)}`,
    );
    resizeOffscreens(db, width, height, hex);
    db.run('DELETE FROM ExternalChunk');
    for (const l of layers) {
      const id = hex(Buffer.from(l.id, 'latin1'));
      db.run(`UPDATE Layer SET LayerName = '${l.name}' WHERE MainId = ${l.layer}`);
      db.run(`UPDATE Offscreen SET BlockData = ${id} WHERE MainId = ${l.offscreen}`);
      db.run(`INSERT INTO ExternalChunk (ExternalID, Offset) VALUES (${id}, ${l.offset})`);
    }
    // The triggers noted the fixture's ids as removed; this file never held them.
    db.run('DELETE FROM RemovedExternal');
    return Buffer.from(db.export());
  } finally {
    db.close();
  }
}

/**
 * The full-size offscreens' attributes state the canvas's size and its blocks across and down,
 * after the name `Parameter`: set them to the page's (the smaller mipmap levels are left as they
 * are, as their blocks are not in the file).
 */
function resizeOffscreens(db: Database, width: number, height: number, hex: (b: Buffer) => string) {
  const marker = named('Parameter');
  const rows = db.exec('SELECT MainId, Attribute FROM Offscreen')[0]?.values ?? [];
  for (const [id, attribute] of rows) {
    if (!(attribute instanceof Uint8Array)) continue;
    const b = Buffer.from(attribute);
    const at = b.indexOf(marker) + marker.length;
    if (at < marker.length || b.readUInt32BE(at) !== FIXTURE_SIZE.width) continue;
    if (b.readUInt32BE(at + 4) !== FIXTURE_SIZE.height) continue;
    [width, height, Math.ceil(width / BLOCK), Math.ceil(height / BLOCK)].forEach((v, i) => {
      b.writeUInt32BE(v, at + i * 4);
    });
    db.run(`UPDATE Offscreen SET Attribute = ${hex(b)} WHERE MainId = ${Number(id)}`);
  }
}
