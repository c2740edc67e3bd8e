import type { Readable } from 'node:stream';
import type { PrintSpec } from '@koma/shared';
import PDFDocument from 'pdfkit';

/**
 * The delivery's proof (docs/print.md, "Delivery"): one PDF page per print page, its preview at
 * screen resolution placed over the bleed box at print size, with the bleed edge (magenta), the
 * trim (cyan) and the 基本枠 (dashed grey) drawn over it and the page number below. Only numbers
 * are written, in a standard font: nothing to measure or embed, so a page costs a millisecond on
 * the event loop, and PDFKit writes each page as it is finished.
 */

export interface ProofPage {
  num: number;
  /** The preview as JPEG; null when the page has none (its render failed, or no final file). */
  jpeg: Buffer | null;
  /** The final file's pixels, for its proportions; null when unknown. */
  width: number | null;
  height: number | null;
}

const PT_PER_MM = 72 / 25.4;
const MARGIN_MM = 10;
const LABEL_MM = 8;
const BLEED_COLOUR = '#e4007f';
const TRIM_COLOUR = '#00a0e9';
const FRAME_COLOUR = '#888888';
const EMPTY_COLOUR = '#eeeeee';

/** The bleed box in millimetres: trim plus bleed, or a webtoon page at its pixels' width. */
function bleedBox(spec: PrintSpec, page: ProofPage) {
  if (spec.widthPx !== null || spec.trimWidthMm === null || spec.trimHeightMm === null) {
    const width = ((spec.widthPx ?? page.width ?? 800) * 25.4) / spec.dpi;
    const ratio = page.width && page.height ? page.height / page.width : Math.SQRT2;
    return { width, height: width * ratio, lines: false };
  }
  const bleed = 2 * spec.bleedMm;
  return { width: spec.trimWidthMm + bleed, height: spec.trimHeightMm + bleed, lines: true };
}

export function drawProofPage(doc: PDFKit.PDFDocument, spec: PrintSpec, page: ProofPage) {
  const box = bleedBox(spec, page);
  const pt = (mm: number) => mm * PT_PER_MM;
  const [x, y, w, h] = [pt(MARGIN_MM), pt(MARGIN_MM), pt(box.width), pt(box.height)];
  doc.addPage({ size: [w + 2 * x, h + 2 * y + pt(LABEL_MM)], margin: 0 });
  if (page.jpeg) doc.image(page.jpeg, x, y, { fit: [w, h], align: 'center', valign: 'center' });
  else doc.rect(x, y, w, h).fill(EMPTY_COLOUR);
  if (box.lines) {
    doc.lineWidth(0.5).strokeColor(BLEED_COLOUR).rect(x, y, w, h).stroke();
    const bleed = pt(spec.bleedMm);
    doc
      .strokeColor(TRIM_COLOUR)
      .rect(x + bleed, y + bleed, w - 2 * bleed, h - 2 * bleed)
      .stroke();
    if (spec.frameWidthMm && spec.frameHeightMm) {
      const [fw, fh] = [pt(spec.frameWidthMm), pt(spec.frameHeightMm)];
      doc
        .strokeColor(FRAME_COLOUR)
        .dash(3, { space: 3 })
        .rect(x + (w - fw) / 2, y + (h - fh) / 2, fw, fh)
        .stroke()
        .undash();
    }
  }
  const label = String(page.num).padStart(3, '0');
  doc
    .fillColor('black')
    .font('Helvetica')
    .fontSize(10)
    .text(label, x, y + h + pt(LABEL_MM / 2) - 5, { width: w, align: 'center', lineBreak: false });
}

/**
 * The proof as a stream, its pages drawn one at a time as the reader takes the bytes: PDFKit
 * pushes without waiting, so the next page waits until the stream's buffer is read below its
 * mark. `pages` yields each page with its JPEG once its turn comes.
 */
export function proofStream(title: string, spec: PrintSpec, pages: () => AsyncIterable<ProofPage>): Readable {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: title, Creator: 'Koma' } });
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  // PDFKit's own _read does nothing: here it tells the drawing loop the reader wants more.
  doc._read = resume;
  doc.once('close', resume);
  const draw = async () => {
    for await (const page of pages()) {
      if (doc.destroyed) return;
      drawProofPage(doc, spec, page);
      if (doc.readableLength >= doc.readableHighWaterMark) await new Promise<void>((r) => (wake = r));
    }
    doc.end();
  };
  draw().catch((err: Error) => doc.destroy(err));
  return doc;
}
