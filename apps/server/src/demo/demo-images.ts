import sharp from 'sharp';

/** A small cover picture drawn on the spot, so the demo needs no image files. */
export async function demoCover(seed: string): Promise<Buffer> {
  const hue = [...seed].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,25%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,55%)"/>
    </linearGradient></defs>
    <rect width="600" height="800" fill="url(#g)"/>
    <circle cx="420" cy="180" r="90" fill="hsl(${(hue + 180) % 360},80%,85%)" opacity="0.8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A manga page drawn on the spot: panels with a few shapes, a light tint per `seed`; `stage`
 * (0 rough … 3 finished) darkens the lines, so the steps of a page look different.
 */
export async function demoPage(seed: string, stage = 0): Promise<Buffer> {
  const hue = [...seed].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 11);
  const ink = ['#b9b9b9', '#7a7a7a', '#3a3a3a', '#111'][Math.min(stage, 3)];
  const tone = stage >= 2 ? `hsl(${hue},20%,85%)` : '#fff';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="850">
    <rect width="600" height="850" fill="#fff"/>
    <g fill="${tone}" stroke="${ink}" stroke-width="${2 + stage}">
      <rect x="30" y="30" width="540" height="250"/>
      <rect x="30" y="300" width="260" height="250"/>
      <rect x="310" y="300" width="260" height="250"/>
      <rect x="30" y="570" width="540" height="250"/>
    </g>
    <g fill="none" stroke="${ink}" stroke-width="${1 + stage}">
      <circle cx="${150 + (hue % 200)}" cy="150" r="60"/>
      <path d="M60 520 Q160 ${380 + (hue % 80)} 260 520"/>
      <ellipse cx="440" cy="430" rx="70" ry="40"/>
      <path d="M80 780 L${300 + (hue % 150)} 640 L540 780"/>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
