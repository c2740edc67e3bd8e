import { PAGE_FILE_EXTENSIONS } from '@koma/shared';

/**
 * How a page file is decoded: by libvips through sharp, by ag-psd (PSD and PSB), or from a CLIP
 * STUDIO PAINT file's own chunks (clip-page.ts).
 */
export type PageDecoder = 'sharp' | 'psd' | 'clip';

/**
 * Extensions of the page files renditions are made of; anything else (`.zip`, `.pdf`…) is not even
 * read from storage.
 */
const PAGE_EXTENSIONS: ReadonlySet<string> = new Set(PAGE_FILE_EXTENSIONS);

export const isPageExtension = (ext: string) => PAGE_EXTENSIONS.has(ext.toLowerCase());

const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

/**
 * The leading bytes of every accepted format. The content decides, not the name (a PNG saved as
 * `.jpg` renders), and only these reach a decoder: libvips would also read SVG, PDF or HEIF
 * handed to it under a page's name, and none of those is a page file.
 */
const SIGNATURES: { decoder: PageDecoder; bytes: (number | null)[] }[] = [
  { decoder: 'sharp', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { decoder: 'sharp', bytes: [0xff, 0xd8, 0xff] },
  { decoder: 'sharp', bytes: ascii('GIF87a') },
  { decoder: 'sharp', bytes: ascii('GIF89a') },
  // RIFF, any length, WEBP
  { decoder: 'sharp', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] },
  // TIFF, little- and big-endian
  { decoder: 'sharp', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { decoder: 'sharp', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  // BigTIFF
  { decoder: 'sharp', bytes: [0x49, 0x49, 0x2b, 0x00] },
  { decoder: 'sharp', bytes: [0x4d, 0x4d, 0x00, 0x2b] },
  { decoder: 'psd', bytes: ascii('8BPS') },
  { decoder: 'clip', bytes: ascii('CSFCHUNK') },
];

/** Enough leading bytes to tell every accepted format apart. */
export const SIGNATURE_LENGTH = Math.max(...SIGNATURES.map((s) => s.bytes.length));

/** The decoder for a file's first bytes, or null when they announce no accepted format. */
export function decoderOf(head: Uint8Array): PageDecoder | null {
  const match = SIGNATURES.find((s) => s.bytes.every((b, i) => b === null || head[i] === b));
  return match?.decoder ?? null;
}
