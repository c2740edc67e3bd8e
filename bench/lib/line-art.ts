import sharp from 'sharp';

/** A 600-dpi B4 page: the size issue 13's budgets are stated for. */
export const B4_600DPI = { width: 6071, height: 8598 };

/**
 * A page of line art, `width` × `height` 8-bit grayscale PNG: white paper, ink strokes of 1–4 px
 * and patches of screentone-like noise, as many per area as 4,000 strokes and 40 patches on a
 * 600-dpi B4 page; it compresses as inked pages do (6.6 MB at that size). Seeded, so every run
 * draws the same.
 */
export async function lineArtPage(size = B4_600DPI, seedValue = 42): Promise<Buffer> {
  const { width, height } = size;
  return sharp(lineArtPixels(size, seedValue), { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The pixels of lineArtPage(), one byte each (0 ink, 255 paper, between: screentone). */
export function lineArtPixels({ width, height } = B4_600DPI, seedValue = 42): Uint8Array {
  const pixels = new Uint8Array(width * height).fill(255);
  const scale = (width * height) / (B4_600DPI.width * B4_600DPI.height);
  const linear = Math.sqrt(scale);
  let seed = seedValue;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  for (let stroke = 0; stroke < Math.round(4000 * scale); stroke++) {
    const [x0, y0] = [random() * width, random() * height];
    const [length, angle, weight] = [
      (50 + random() * 1500) * linear,
      random() * Math.PI * 2,
      1 + Math.floor(random() * 4),
    ];
    for (let step = 0; step < length; step++) {
      const x = Math.round(x0 + Math.cos(angle) * step);
      const y = Math.round(y0 + Math.sin(angle) * step);
      for (let d = 0; d < weight; d++)
        if (x + d >= 0 && x + d < width && y >= 0 && y < height) pixels[y * width + x + d] = 0;
    }
  }
  for (let patch = 0; patch < Math.max(1, Math.round(40 * scale)); patch++) {
    const [px, py] = [Math.floor(random() * width), Math.floor(random() * height)];
    const [pw, ph] = [
      Math.floor((300 + random() * 600) * linear),
      Math.floor((300 + random() * 600) * linear),
    ];
    for (let y = py; y < Math.min(height, py + ph); y++)
      for (let x = px; x < Math.min(width, px + pw); x++)
        if (random() < 0.15) pixels[y * width + x] = Math.floor(random() * 128);
  }
  return pixels;
}
