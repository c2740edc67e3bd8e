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

/** A 600-dpi B4 page, the size a manga page is drawn at (docs/renditions.md). */
export const PRINT_PAGE = { width: 6071, height: 8598 };
/**
 * The storyboard's print size: B4 at 587 dpi, the largest under the 50 MP a storyboard image may
 * have (LIMITS.imageMaxPixels); a 600-dpi page is 52 MP.
 */
export const PRINT_NAME_PAGE = { width: 5940, height: 8412 };
/** The small page of tests: the same drawing, quick to make and render. */
export const SMALL_PAGE = { width: 600, height: 850 };

type PageSize = { width: number; height: number };

/** Which of a seven-segment digit's segments (a–g) are lit, per digit. */
const SEGMENTS = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];
const SEGMENT_LINES: Record<string, string> = {
  a: 'M0 0 H10',
  b: 'M10 0 V10',
  c: 'M10 10 V20',
  d: 'M0 20 H10',
  e: 'M0 10 V20',
  f: 'M0 0 V10',
  g: 'M0 10 H10',
};

/** A number drawn as seven-segment strokes (no font needed), 20 units high, `x` its left edge. */
function segmentNumber(value: number, x: number, y: number): string {
  return [...String(value)]
    .map((digit, i) => {
      const lines = [...(SEGMENTS[Number(digit)] ?? '')].map((seg) => SEGMENT_LINES[seg]).join(' ');
      return `<path transform="translate(${x + i * 16} ${y})" d="${lines}"/>`;
    })
    .join('');
}

/**
 * A manga page drawn on the spot: panels with a few shapes, a speech balloon, speed lines in one
 * panel and the page number `num` in the bottom margin; a light tint per `seed` on the finished
 * stages. `stage` (0 rough … 3 finished) darkens the lines, so the steps of a page look different.
 * Drawn on a 600 × 850 plan and rasterised at `size`, as an 8-bit grayscale PNG: at PRINT_PAGE
 * it is a 52 MP page as artists deliver them; at PRINT_NAME_PAGE a storyboard page within the
 * image limits (LIMITS.imageMaxPixels, LIMITS.imageMaxBytes).
 */
export async function demoPage(seed: string, stage = 0, num = 1, size = SMALL_PAGE): Promise<Buffer> {
  const hue = hueOf(seed);
  const tone = stage >= 2 ? `hsl(${hue},20%,85%)` : '#fff';
  return sharp(Buffer.from(pageSvg(seed, stage, num, size, tone)))
    .flatten({ background: '#fff' })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The resolution the demo's manuscripts are drawn at: what 商業誌 B5 on B4 asks (DEMO_PRINT_SPEC). */
export const MANUSCRIPT_DPI = 600;

/**
 * A handed-in manuscript page as a commercial magazine asks for it (docs/print.md, "The drawn
 * page"): the same drawing as `demoPage`, in black and white only (モノクロ2階調), its tones a dot
 * screen as printed screentone is, saved as a 1-bit CCITT G4 TIFF whose header says 600 dpi. At
 * PRINT_PAGE it is a B4 600-dpi manuscript; the preflight of 商業誌 B5 drawn on B4 finds nothing in it.
 */
export async function demoManuscript(seed: string, stage = 0, num = 1, size = SMALL_PAGE): Promise<Buffer> {
  const svg = pageSvg(seed, stage, num, size, stage >= 2 ? TONE_FILL : '#fff');
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#fff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  screenTones(data, info.width, size.width / 600);
  const pixelsPerMm = MANUSCRIPT_DPI / 25.4;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({
      compression: 'ccittfax4',
      bitdepth: 1,
      xres: pixelsPerMm,
      yres: pixelsPerMm,
      resolutionUnit: 'inch',
    })
    .toBuffer();
}

/** The gray the drawing marks its toned panels with, replaced by a dot screen (screenTones). */
const TONE_FILL = '#999';

/**
 * Black and white only, in place: the toned panels' gray becomes a dot screen of one dot per plan
 * unit (10 px at PRINT_PAGE: 60 lines an inch at 600 dpi, as printed screentone), the rest is
 * thresholded at mid-gray. Done on the pixels: librsvg takes minutes to draw a pattern at 52 MP.
 */
function screenTones(gray: Buffer, width: number, unitPx: number) {
  const period = Math.max(2, Math.round(unitPx));
  const radius2 = (period * 0.3) ** 2;
  const centre = (period - 1) / 2;
  const dot = new Uint8Array(period * period);
  for (let y = 0; y < period; y++)
    for (let x = 0; x < period; x++)
      dot[y * period + x] = (x - centre) ** 2 + (y - centre) ** 2 <= radius2 ? 0 : 255;
  for (let i = 0; i < gray.length; i++) {
    const v = gray[i] as number;
    if (v > 140 && v < 166) {
      const x = i % width;
      const y = (i - x) / width;
      gray[i] = dot[(y % period) * period + (x % period)] as number;
    } else gray[i] = v < 128 ? 0 : 255;
  }
}

const hueOf = (seed: string) => [...seed].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 11);

/** The page's drawing on its 600 × 850 plan, rasterised at `size`; `tone` fills the panels. */
function pageSvg(seed: string, stage: number, num: number, size: PageSize, tone: string): string {
  const hue = hueOf(seed);
  const ink = ['#b9b9b9', '#7a7a7a', '#3a3a3a', '#111'][Math.min(stage, 3)];
  // Speed lines across the third panel, denser as the page is finished.
  const speedLines = Array.from(
    { length: 6 + stage * 6 },
    (_, i) => `M314 ${305 + i * 6} H${420 + ((hue * (i + 1)) % 140)}`,
  ).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 600 850" preserveAspectRatio="none">
    <rect width="600" height="850" fill="#fff"/>
    <g fill="${tone}" stroke="${ink}" stroke-width="${2 + stage}">
      <rect x="30" y="30" width="540" height="250"/>
      <rect x="30" y="300" width="260" height="250"/>
      <rect x="310" y="300" width="260" height="250"/>
      <rect x="30" y="570" width="540" height="250"/>
    </g>
    <path stroke="${ink}" stroke-width="0.6" d="${speedLines}"/>
    <g fill="none" stroke="${ink}" stroke-width="${1 + stage}">
      <circle cx="${150 + (hue % 200)}" cy="150" r="60"/>
      <path d="M60 520 Q160 ${380 + (hue % 80)} 260 520"/>
      <ellipse cx="440" cy="430" rx="70" ry="40"/>
      <path d="M80 780 L${300 + (hue % 150)} 640 L540 780"/>
    </g>
    <g fill="#fff" stroke="${ink}" stroke-width="1.5">
      <path d="M470 70 a60 35 0 1 1 -20 60 l-25 25 l10 -32 a60 35 0 0 1 35 -53 z"/>
    </g>
    <g fill="none" stroke="#111" stroke-width="2" stroke-linecap="round">${segmentNumber(num, 292 - 8 * (String(num).length - 1), 826)}</g>
  </svg>`;
}
