import type { Readable } from 'node:stream';

/** A PNG's header (IHDR): what a PDF image's dictionary needs to read its IDAT as it is. */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 gray, 2 RGB: the conversion never writes alpha or a palette (print-convert.ts). */
  colourType: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Reads a PNG as it streams: its header first, then the bytes of its IDAT chunks, which together
 * are one zlib stream (PNG predictors inside) that a PDF takes as FlateDecode with /Predictor 15.
 * Holds one chunk of the file at a time, never the image.
 */
export async function* pngParts(file: Readable): AsyncGenerator<PngHeader | Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  let seenSignature = false;
  let header: PngHeader | null = null;
  // Bytes of the IDAT being read still to come, passed on as they arrive, then its CRC to skip.
  let idatLeft = 0;
  let skip = 0;
  for await (const piece of file) {
    pending = pending.length === 0 ? (piece as Buffer) : Buffer.concat([pending, piece as Buffer]);
    if (!seenSignature) {
      if (pending.length < SIGNATURE.length) continue;
      if (!pending.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('delivery: not a PNG');
      pending = pending.subarray(SIGNATURE.length);
      seenSignature = true;
    }
    while (pending.length > 0) {
      if (idatLeft > 0) {
        const data = pending.subarray(0, idatLeft);
        idatLeft -= data.length;
        pending = pending.subarray(data.length);
        yield Buffer.from(data);
        continue;
      }
      if (skip > 0) {
        const skipped = Math.min(skip, pending.length);
        skip -= skipped;
        pending = pending.subarray(skipped);
        continue;
      }
      // A chunk: length, type, data, CRC.
      if (pending.length < 8) break;
      const length = pending.readUInt32BE(0);
      const type = pending.toString('latin1', 4, 8);
      if (type === 'IDAT') {
        if (!header) throw new Error('delivery: PNG without a header');
        pending = pending.subarray(8);
        idatLeft = length;
        skip = 4;
        continue;
      }
      if (pending.length < 12 + length) break;
      const data = pending.subarray(8, 8 + length);
      pending = pending.subarray(12 + length);
      if (type === 'IEND') return;
      if (type === 'IHDR') {
        header = readHeader(data);
        yield header;
      }
    }
  }
  throw new Error('delivery: PNG cut short');
}

function readHeader(data: Buffer): PngHeader {
  const header = {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    bitDepth: data.readUInt8(8),
    colourType: data.readUInt8(9),
  };
  const interlaced = data.readUInt8(12) !== 0;
  if (interlaced || (header.colourType !== 0 && header.colourType !== 2))
    throw new Error('delivery: a PNG the PDF cannot take as it is');
  return header;
}
