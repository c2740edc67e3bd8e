import type { Readable } from 'node:stream';
import { type PrintSpec, printDpi } from '@koma/shared';
import PDFDocument from 'pdfkit';
import { JAPANESE_FONT, japaneseFont } from '../../lib/pdf-font.js';

/**
 * The delivery's proof (docs/print.md, "Delivery"): a first page listing the pages with preflight
 * findings, then one PDF page per print page, its preview at screen resolution reduced to print
 * size and cut to the bleed box, with the bleed edge (magenta), the trim (cyan) and the 基本枠
 * (dashed grey) drawn over it; the series, chapter and page number above, the findings below. Each
 * page's TrimBox and BleedBox say where the trim and the bleed are, for printers' preflight tools.
 * PDFKit writes each page as it is finished.
 */

export interface ProofFinding {
  level: 'error' | 'warning';
  /** The finding in words (preflightFindingText). */
  text: string;
}

export interface ProofPage {
  num: number;
  /** The preview as JPEG; null when the page has none (its render failed, or no final file). */
  jpeg: Buffer | null;
  /** The final file's pixels, for its printed size; null when unknown. */
  width: number | null;
  height: number | null;
  findings: ProofFinding[];
}

/** The words the proof prints besides the pages' own (deliveryManifest in statuses.json). */
export interface ProofTexts {
  /** 「作品名　第1話 タイトル」: the summary's heading and the document's title. */
  heading: string;
  /** On top of every page, a line each, beside the page number. */
  series: string;
  chapter: string;
  pages: string;
  findings: string;
  noFindings: string;
  flag: string;
}

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;
const MARGIN_MM = 10;
const HEADER_MM = 8;
const LABEL_MM = 8;
const FINDING_MM = 4;
const BLEED_COLOUR = '#e4007f';
const TRIM_COLOUR = '#00a0e9';
const FRAME_COLOUR = '#888888';
const EMPTY_COLOUR = '#eeeeee';
const LEVEL_COLOUR = { error: '#d4380d', warning: '#ad6800' } as const;
// The summary page: A4 portrait, in points.
const A4: [number, number] = [595.28, 841.89];
const SUMMARY_MARGIN = 40;

/** The bleed box in millimetres at print size: trim plus bleed, or a webtoon page at its pixels' width. */
function bleedBox(spec: PrintSpec, page: ProofPage) {
  if (spec.widthPx !== null || spec.trimWidthMm === null || spec.trimHeightMm === null) {
    const width = ((spec.widthPx ?? page.width ?? 800) * 25.4) / spec.dpi;
    const ratio = page.width && page.height ? page.height / page.width : Math.SQRT2;
    return { width, height: width * ratio, lines: false };
  }
  const bleed = 2 * spec.bleedMm;
  return { width: spec.trimWidthMm + bleed, height: spec.trimHeightMm + bleed, lines: true };
}

/**
 * Where a page's pixels print, in points, centred on the bleed box: the pixels at the dpi that
 * prints them at size after the reduction (a page drawn on B4 shows its B4 sheet reduced, the
 * bleed box cut from its middle). Without its size, the preview fills the box.
 */
function printedImage(spec: PrintSpec, page: ProofPage, box: { width: number; height: number }) {
  if (!page.width || !page.height || spec.widthPx !== null)
    return { width: pt(box.width), height: pt(box.height) };
  const mm = (px: number) => (px * 25.4) / printDpi(spec);
  return { width: pt(mm(page.width)), height: pt(mm(page.height)) };
}

/** A PDF box from a rectangle drawn from the top left (PDFKit's) to PDF's bottom-left coordinates. */
function pdfBox(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number) {
  const height = doc.page.height;
  return [x, height - (y + h), x + w, height - y];
}

function setBoxes(doc: PDFKit.PDFDocument, bleed: number[], trim: number[]) {
  const dictionary = doc.page.dictionary.data as Record<string, unknown>;
  dictionary.BleedBox = bleed;
  dictionary.TrimBox = trim;
}

/** The text cut with `…` to fit `width` at the document's current font size. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const chars = Array.from(text);
  while (chars.length > 0 && doc.widthOfString(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}

/** x, y from the top left, width, height, in points. */
type Rect = [number, number, number, number];

const label = (num: number) => String(num).padStart(3, '0');

export function drawProofPage(doc: PDFKit.PDFDocument, spec: PrintSpec, texts: ProofTexts, page: ProofPage) {
  const box = bleedBox(spec, page);
  const [x, y, w, h] = [pt(MARGIN_MM), pt(MARGIN_MM + HEADER_MM), pt(box.width), pt(box.height)];
  const flagged = page.findings.length > 0;
  const below = pt(LABEL_MM) + (flagged ? page.findings.length + 1 : 0) * pt(FINDING_MM);
  doc.addPage({ size: [w + 2 * x, y + h + below + pt(MARGIN_MM)], margin: 0 });
  const bleed = box.lines ? pt(spec.bleedMm) : 0;
  setBoxes(doc, pdfBox(doc, x, y, w, h), pdfBox(doc, x + bleed, y + bleed, w - 2 * bleed, h - 2 * bleed));
  heading(doc, texts, page.num, [x, pt(MARGIN_MM), w]);
  if (page.jpeg) {
    const image = printedImage(spec, page, box);
    doc.save().rect(x, y, w, h).clip();
    doc.image(page.jpeg, x + (w - image.width) / 2, y + (h - image.height) / 2, image);
    doc.restore();
  } else doc.rect(x, y, w, h).fill(EMPTY_COLOUR);
  if (box.lines) drawLines(doc, spec, [x, y, w, h], bleed);
  doc
    .fillColor('black')
    .fontSize(10)
    .text(label(page.num), x, y + h + pt(LABEL_MM / 2) - 6, { width: w, align: 'center', lineBreak: false });
  if (flagged) flag(doc, texts, page, [x, y, w, h]);
}

/** The series and the chapter on a line each, the page number on the right. */
function heading(
  doc: PDFKit.PDFDocument,
  texts: ProofTexts,
  num: number,
  [x, y, w]: [number, number, number],
) {
  doc.fillColor('black').fontSize(10);
  const number = label(num);
  const numberWidth = doc.widthOfString(number);
  doc.text(number, x + w - numberWidth, y, { lineBreak: false });
  const room = w - numberWidth - pt(2);
  doc.fontSize(7);
  doc.text(fitted(doc, texts.series, room), x, y, { lineBreak: false });
  doc.text(fitted(doc, texts.chapter, room), x, y + pt(3), { lineBreak: false });
}

function drawLines(doc: PDFKit.PDFDocument, spec: PrintSpec, [x, y, w, h]: Rect, bleed: number) {
  doc.lineWidth(0.5).strokeColor(BLEED_COLOUR).rect(x, y, w, h).stroke();
  doc
    .strokeColor(TRIM_COLOUR)
    .rect(x + bleed, y + bleed, w - 2 * bleed, h - 2 * bleed)
    .stroke();
  if (!spec.frameWidthMm || !spec.frameHeightMm) return;
  const [fw, fh] = [pt(spec.frameWidthMm), pt(spec.frameHeightMm)];
  doc
    .strokeColor(FRAME_COLOUR)
    .dash(3, { space: 3 })
    .rect(x + (w - fw) / 2, y + (h - fh) / 2, fw, fh)
    .stroke()
    .undash();
}

/** A page with findings: a frame outside the bleed box, the flag and the findings below it. */
function flag(doc: PDFKit.PDFDocument, texts: ProofTexts, page: ProofPage, [x, y, w, h]: Rect) {
  const level = page.findings.some((f) => f.level === 'error') ? 'error' : 'warning';
  const gap = pt(2);
  doc
    .lineWidth(1.5)
    .strokeColor(LEVEL_COLOUR[level])
    .rect(x - gap, y - gap, w + 2 * gap, h + 2 * gap)
    .stroke();
  const top = y + h + pt(LABEL_MM);
  doc.fillColor(LEVEL_COLOUR[level]).fontSize(7);
  doc.text(fitted(doc, texts.flag, w), x, top, { lineBreak: false });
  page.findings.forEach((finding, i) => {
    const top = y + h + pt(LABEL_MM) + (i + 1) * pt(FINDING_MM);
    doc
      .fillColor(LEVEL_COLOUR[finding.level])
      .text(fitted(doc, finding.text, w), x, top, { lineBreak: false });
  });
}

/**
 * The first page (more when the list is long): the heading, the page count, and every page with
 * findings and their words, so a printer sees at once which pages to look at.
 */
export function drawSummary(doc: PDFKit.PDFDocument, texts: ProofTexts, pages: Omit<ProofPage, 'jpeg'>[]) {
  const width = A4[0] - 2 * SUMMARY_MARGIN;
  const bottom = A4[1] - SUMMARY_MARGIN;
  const newPage = () => {
    doc.addPage({ size: A4, margin: 0 });
    const whole = [0, 0, A4[0], A4[1]];
    setBoxes(doc, whole, whole);
    return SUMMARY_MARGIN;
  };
  let y = newPage();
  const line = (text: string, size: number, colour = 'black') => {
    doc.fontSize(size).fillColor(colour);
    const height = doc.heightOfString(text, { width });
    if (y + height > bottom) y = newPage();
    doc.text(text, SUMMARY_MARGIN, y, { width });
    y += height + size * 0.4;
  };
  line(texts.heading, 14);
  line(texts.pages, 10);
  const flagged = pages.filter((p) => p.findings.length > 0);
  line(flagged.length > 0 ? texts.findings : texts.noFindings, 11);
  for (const page of flagged) {
    for (const finding of page.findings)
      line(`${label(page.num)}　${finding.text}`, 9, LEVEL_COLOUR[finding.level]);
  }
}

/**
 * The proof as a stream, its pages drawn one at a time as the reader takes the bytes: PDFKit
 * pushes without waiting, so the next page waits until the stream's buffer is read below its
 * mark. `summary` is every page without its image (known before any is read); `pages` yields
 * each page with its JPEG once its turn comes.
 */
export function proofStream(
  spec: PrintSpec,
  texts: ProofTexts,
  summary: Omit<ProofPage, 'jpeg'>[],
  pages: () => AsyncIterable<ProofPage>,
): Readable {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: texts.heading, Creator: 'Koma' } });
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  // PDFKit's own _read does nothing: here it tells the drawing loop the reader wants more.
  doc._read = resume;
  doc.once('close', resume);
  const draw = async () => {
    // The font (5.4 MB) is parsed a turn after the stream is handed over, so the zip's first
    // bytes leave before it (bench/README.md, "The delivery of a chapter").
    await new Promise((resolve) => setImmediate(resolve));
    doc.registerFont(JAPANESE_FONT, japaneseFont());
    doc.font(JAPANESE_FONT);
    drawSummary(doc, texts, summary);
    for await (const page of pages()) {
      if (doc.destroyed) return;
      drawProofPage(doc, spec, texts, page);
      if (doc.readableLength >= doc.readableHighWaterMark) await new Promise<void>((r) => (wake = r));
    }
    doc.end();
  };
  draw().catch((err: Error) => doc.destroy(err));
  return doc;
}
