/**
 * Page files in the formats studios hand in, written by hand (the browser tests carry no image
 * library): an uncompressed 8-bit greyscale TIFF and PSD of one grey, which the server's renditions
 * read as they read files from Photoshop and CLIP STUDIO.
 */

/** A baseline TIFF: little-endian header, one IFD of nine entries, one strip of `grey` pixels. */
export function greyTiff(width: number, height: number, grey: number): Buffer {
  const entries: [tag: number, type: number, value: number][] = [
    [256, 4, width], // ImageWidth, LONG
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample, SHORT
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 0], // StripOffsets: filled in below
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip
    [279, 4, width * height], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const dataAt = 8 + ifdSize;
  const head = Buffer.alloc(dataAt);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(1, at + 4);
    if (type === 3) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(tag === 273 ? dataAt : value, at + 8);
  });
  return Buffer.concat([head, Buffer.alloc(width * height, grey)]);
}

/** A PSD in greyscale mode: the header, three empty sections and the raw composite. */
export function greyPsd(width: number, height: number, grey: number): Buffer {
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4); // version: PSD
  header.writeUInt16BE(1, 12); // channels
  header.writeUInt32BE(height, 14);
  header.writeUInt32BE(width, 18);
  header.writeUInt16BE(8, 22); // bits per channel
  header.writeUInt16BE(1, 24); // colour mode: greyscale
  const emptySections = Buffer.alloc(12); // colour mode data, image resources, layers: all length 0
  const compression = Buffer.alloc(2); // raw
  return Buffer.concat([header, emptySections, compression, Buffer.alloc(width * height, grey)]);
}
