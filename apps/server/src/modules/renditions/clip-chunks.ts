import { brokenFile } from './render-refusal.js';

/**
 * The container of a CLIP STUDIO PAINT file (docs/renditions.md, "CLIP STUDIO files"): the magic
 * `CSFCHUNK`, the file's length and the first chunk's offset (8 bytes each, big-endian), then
 * chunks of an 8-byte name (`CHNKHead`, `CHNKExta`…, `CHNKSQLi`, `CHNKFoot`) and an 8-byte
 * big-endian length. Only offsets are kept: the bytes stay in the caller's buffer.
 */

export const CLIP_MAGIC = 'CSFCHUNK';
const FILE_HEADER = 24;
const CHUNK_HEADER = 16;
/** The layers' pixel blocks are named by an ASCII id of this length at the start of a CHNKExta. */
const EXTA_ID = 40;

export interface ClipRange {
  offset: number;
  length: number;
}

export interface ClipChunks {
  /** The SQLite database describing canvas, layers and preview. */
  sqlite: ClipRange;
  /** The CHNKExta blocks by their id (`extrnlid…`): a layer's pixels, referenced from the database. */
  extas: Map<string, ClipRange>;
}

/**
 * Walks the chunks of a whole `.clip` file. A file that does not start with the magic, a chunk
 * running past the end, or no SQLite chunk or footer is a broken file (RenderRefusal). Every step
 * moves forward by at least a chunk header, so a damaged length cannot loop.
 */
export function readClipChunks(file: Uint8Array): ClipChunks {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.length < FILE_HEADER || bytes.toString('latin1', 0, 8) !== CLIP_MAGIC) throw brokenFile();
  let at = Number(bytes.readBigUInt64BE(16));
  if (at < FILE_HEADER) throw brokenFile();
  let sqlite: ClipRange | undefined;
  const extas = new Map<string, ClipRange>();
  while (at + CHUNK_HEADER <= bytes.length) {
    const name = bytes.toString('latin1', at, at + 8);
    const length = bytes.readBigUInt64BE(at + 8);
    const offset = at + CHUNK_HEADER;
    if (length > BigInt(bytes.length - offset)) throw brokenFile();
    const range = { offset, length: Number(length) };
    if (name === 'CHNKFoot') {
      if (!sqlite) throw brokenFile();
      return { sqlite, extas };
    }
    if (name === 'CHNKSQLi') sqlite = range;
    else if (name === 'CHNKExta') addExta(bytes, range, extas);
    else if (name !== 'CHNKHead') throw brokenFile();
    at = offset + range.length;
  }
  // Cut short: the footer never came.
  throw brokenFile();
}

/** A CHNKExta starts with the length of its id (8 bytes, 40) and the id itself. */
function addExta(bytes: Buffer, range: ClipRange, extas: Map<string, ClipRange>) {
  if (range.length < 8 + EXTA_ID) throw brokenFile();
  if (bytes.readBigUInt64BE(range.offset) !== BigInt(EXTA_ID)) throw brokenFile();
  const id = bytes.toString('latin1', range.offset + 8, range.offset + 8 + EXTA_ID);
  extas.set(id, { offset: range.offset + 8 + EXTA_ID, length: range.length - 8 - EXTA_ID });
}
