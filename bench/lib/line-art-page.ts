import sharp from 'sharp';

/** A 600-dpi B4 page (52 MP), the size issue 13's budgets are set for. */
export const WIDTH = 6071;
export const HEIGHT = 8598;

/**
 * A page of line art: white paper, 4,000 ink strokes of 1–4 px and 40 patches of screentone-like
 * noise; it compresses as inked pages do (a few MB as PNG). Seeded, so every run draws the same.
 */
export async function lineArtPage(): Promise<Buffer> {
  const pixels = new Uint8Array(WIDTH * HEIGHT).fill(255);
  let seed = 42;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  for (let stroke = 0; stroke < 4000; stroke++) {
    const [x0, y0] = [random() * WIDTH, random() * HEIGHT];
    const [length, angle, weight] = [
      50 + random() * 1500,
      random() * Math.PI * 2,
      1 + Math.floor(random() * 4),
    ];
    for (let step = 0; step < length; step++) {
      const x = Math.round(x0 + Math.cos(angle) * step);
      const y = Math.round(y0 + Math.sin(angle) * step);
      for (let d = 0; d < weight; d++)
        if (x + d >= 0 && x + d < WIDTH && y >= 0 && y < HEIGHT) pixels[y * WIDTH + x + d] = 0;
    }
  }
  for (let patch = 0; patch < 40; patch++) {
    const [px, py] = [Math.floor(random() * WIDTH), Math.floor(random() * HEIGHT)];
    const [pw, ph] = [300 + Math.floor(random() * 600), 300 + Math.floor(random() * 600)];
    for (let y = py; y < Math.min(HEIGHT, py + ph); y++)
      for (let x = px; x < Math.min(WIDTH, px + pw); x++)
        if (random() < 0.15) pixels[y * WIDTH + x] = Math.floor(random() * 128);
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}
