import { createRequire } from 'node:module';
import { LIMITS } from '@koma/shared';
import { LRUCache } from 'lru-cache';
import { loadSharp } from '../renditions/load-sharp.js';

/**
 * The watermark drawn into a served picture (docs/renditions.md, "Watermarks"): the viewer's
 * name, the day and the code, written diagonally and faintly, repeated over the whole picture
 * (sharp's tiled composite). The text is laid out by Pango from Noto Sans JP, the font the proof
 * and correction sheets embed (lib/pdf-font.ts), so a server without Japanese system fonts draws
 * the same; it is Pango markup, so the name is escaped and never read as markup.
 */
const require = createRequire(import.meta.url);
const FONT_FILE = require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');
/** One repeat of the pattern: the tiles' step (510 px, docs/renditions.md), so tiles line up with their neighbours. */
export const PATTERN_PX = 510;
const THUMB_PATTERN_PX = 255;
/** Opacity of the ink and of its light halo: faint on paper, still readable on black. */
const INK = 0.2;

const MARKUP_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeMarkup = (text: string) =>
  text.replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/[&<>"']/g, (c) => MARKUP_ESCAPES[c] ?? c);

export const watermarkText = (name: string, day: string, code: string) => `${name}  ${day}  ${code}`;

async function textLayer(text: string, px: number, colour: string) {
  const sharp = await loadSharp();
  return sharp({
    text: {
      text: `<span foreground="${colour}" size="${px * 1024}">${escapeMarkup(text)}</span>`,
      font: 'Noto Sans JP',
      fontfile: FONT_FILE,
      rgba: true,
      dpi: 72,
      width: PATTERN_PX * 2,
    },
  })
    .png()
    .toBuffer();
}

/** One square of the pattern: the text twice, staggered, turned 30° up, ink with a halo. */
async function makePattern(text: string, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const px = Math.max(9, Math.round(size / 24));
  const [ink, halo] = await Promise.all([textLayer(text, px, '#000000'), textLayer(text, px, '#ffffff')]);
  const meta = await sharp(ink).metadata();
  const line = await sharp({
    create: {
      width: (meta.width ?? 1) + 2,
      height: (meta.height ?? 1) + 2,
      channels: 4,
      background: '#0000',
    },
  })
    .composite([
      { input: halo, left: 0, top: 0 },
      { input: halo, left: 2, top: 2 },
      { input: ink, left: 1, top: 1 },
    ])
    .png()
    .toBuffer();
  const turned = await sharp(line).rotate(-30, { background: '#0000' }).png().toBuffer();
  const t = await sharp(turned).metadata();
  const tw = t.width ?? 1;
  const th = t.height ?? 1;
  // Scaled into half the square, so two copies fit with room between them.
  const half = Math.floor(size / 2);
  const scale = Math.min(1, (size * 0.95) / tw, (half * 0.95) / th);
  const piece = await sharp(turned)
    .resize(Math.max(1, Math.floor(tw * scale)), Math.max(1, Math.floor(th * scale)))
    .png()
    .toBuffer();
  const p = await sharp(piece).metadata();
  const pw = p.width ?? 1;
  const ph = p.height ?? 1;
  return sharp({ create: { width: size, height: size, channels: 4, background: '#0000' } })
    .composite([
      { input: piece, left: Math.floor((size - pw) / 2), top: Math.floor((half - ph) / 2) },
      { input: piece, left: Math.floor((size - pw) / 2), top: half + Math.floor((half - ph) / 2) },
    ])
    .png()
    .toBuffer()
    .then((png) => fade(png));
}

/** Multiplies the pattern's alpha by INK. */
async function fade(png: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  for (let i = 3; i < data.length; i += 4) data[i] = Math.round((data[i] ?? 0) * INK);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Patterns by text and size: a few hundred viewers' worth, each a few KB. */
const patterns = new LRUCache<string, Promise<Buffer>>({ max: 500 });

export function patternOf(text: string, size: number): Promise<Buffer> {
  const key = `${size}|${text}`;
  let made = patterns.get(key);
  if (!made) {
    made = makePattern(text, size);
    made.catch(() => patterns.delete(key));
    patterns.set(key, made);
  }
  return made;
}

/** The pattern's size for a picture: thumbnails get a finer one, so the text still repeats on them. */
export const patternSizeOf = (file: string) => (file === 'thumb.webp' ? THUMB_PATTERN_PX : PATTERN_PX);

/** Waiting turns: at most LIMITS.watermarksAtOnce composites at once, the rest in arrival order. */
let running = 0;
const waiting: (() => void)[] = [];
async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= LIMITS.watermarksAtOnce) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The picture (WebP) with the pattern drawn over it, as WebP at the renditions' quality. */
export function watermarkPicture(picture: Buffer, pattern: Buffer): Promise<Buffer> {
  return turn(async () => {
    const sharp = await loadSharp();
    const image = sharp(picture);
    const { width = 1, height = 1 } = await image.metadata();
    // A picture smaller than the pattern (a thumbnail, the small levels of the tiles) gets its corner of it.
    const fitted =
      width < PATTERN_PX || height < PATTERN_PX ? await cropPattern(pattern, width, height) : pattern;
    return (
      image
        .composite([{ input: fitted, tile: true, blend: 'over' }])
        // Effort 0: the marked picture is made on request, so its encoding is the part the reader waits for.
        .webp({ quality: 80, effort: 0 })
        .toBuffer()
    );
  });
}

async function cropPattern(pattern: Buffer, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width: pw = 1, height: ph = 1 } = await sharp(pattern).metadata();
  if (width >= pw && height >= ph) return pattern;
  return sharp(pattern)
    .extract({ left: 0, top: 0, width: Math.min(width, pw), height: Math.min(height, ph) })
    .png()
    .toBuffer();
}
