import { MARK_COLORS, type MarkColor, type MarkShape, type MarkState, type SheetTexts } from '@koma/shared';
import PDFDocument from 'pdfkit';
import { JAPANESE_FONT, japaneseFont } from '../../lib/pdf-font.js';

/**
 * Drawing a correction sheet (docs/marks.md, "Correction sheets"): one A4 landscape page per
 * marked revision, the preview on the left with the marks over it, the numbered comments on the
 * right, continued on further pages when they do not fit. PDFKit writes each object as soon as
 * it is finished, so a page's image leaves memory once its page is drawn.
 */

/** A mark as the sheet prints it. */
export interface SheetMark {
  num: number;
  color: MarkColor;
  shape: MarkShape;
  state: MarkState;
  author: string;
  comment: string;
  replies: { author: string; content: string }[];
}

/** The revision drawn on: its preview as JPEG (null when missing) and its original's size (null before renditions). */
export interface SheetPicture {
  jpeg: Buffer | null;
  width: number | null;
  height: number | null;
}

export interface SheetPart {
  /** 「星降る町の図書館　第1話　3ページ」: the series, the chapter, the page. */
  heading: string;
  picture: SheetPicture;
  marks: SheetMark[];
}

// A4 landscape, in points: a portrait manga page fits the left half at full height.
const PAGE_W = 841.89;
const PAGE_H = 595.28;
const MARGIN = 28;
const HEADER_H = 22;
const TOP = MARGIN + HEADER_H;
const BOTTOM = PAGE_H - MARGIN;
const IMAGE_W = 430;
const GAP = 18;
const PIN_R = 7;
const LINE_W = 1.5;
const GREY = '#666666';

/** A new sheet document; the caller reads it as a stream while pages are added. */
export function openSheetDocument(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: title, Creator: 'Koma' },
  });
  doc.registerFont(JAPANESE_FONT, japaneseFont());
  doc.font(JAPANESE_FONT);
  return doc;
}

/** The text cut with `…` to fit `width` at the document's current font size. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const chars = Array.from(text);
  while (chars.length > 0 && doc.widthOfString(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}

/** A long series and chapter title is cut short of the sheet's own title on the right. */
function header(doc: PDFKit.PDFDocument, heading: string, right: string) {
  doc.fillColor(GREY).fontSize(9);
  const w = doc.widthOfString(right);
  doc.text(right, PAGE_W - MARGIN - w, MARGIN + 3, { lineBreak: false });
  doc.fillColor('black').fontSize(12);
  doc.text(fitted(doc, heading, PAGE_W - 2 * MARGIN - w - GAP), MARGIN, MARGIN, { lineBreak: false });
}

/** A numbered pin centred on (x, y). */
function pin(doc: PDFKit.PDFDocument, num: number, color: MarkColor, x: number, y: number) {
  doc.circle(x, y, PIN_R).fill(MARK_COLORS[color]);
  doc.fillColor('white').fontSize(num > 99 ? 6 : 8);
  doc.text(String(num), x - PIN_R, y - 5.5, { width: PIN_R * 2, align: 'center', lineBreak: false });
}

type Place = (x: number, y: number) => [number, number];

/** Where the pin of a mark goes: at the start of what was drawn. */
function anchor(shape: MarkShape): [number, number] {
  switch (shape.type) {
    case 'pen':
      return shape.points[0] ?? [0, 0];
    case 'arrow':
      return shape.from;
    default:
      return [shape.x, shape.y];
  }
}

function arrowHead(doc: PDFKit.PDFDocument, from: [number, number], to: [number, number]) {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const side = (turn: number): [number, number] => [
    to[0] - 9 * Math.cos(angle + turn),
    to[1] - 9 * Math.sin(angle + turn),
  ];
  doc.polygon(to, side(0.45), side(-0.45)).fill();
}

/** One mark in its colour, in the sheet's points (`place` maps the original's pixels). */
function drawShape(doc: PDFKit.PDFDocument, mark: SheetMark, place: Place, scale: number) {
  const { shape } = mark;
  const color = MARK_COLORS[mark.color];
  doc.strokeColor(color).fillColor(color).lineWidth(LINE_W);
  if (shape.type === 'pen') {
    const [first, ...rest] = shape.points.map(([x, y]) => place(x, y));
    if (first) doc.moveTo(...first);
    for (const p of rest) doc.lineTo(...p);
    doc.stroke();
  } else if (shape.type === 'rect') {
    doc.rect(...place(shape.x, shape.y), shape.w * scale, shape.h * scale).stroke();
  } else if (shape.type === 'ellipse') {
    const [cx, cy] = place(shape.x + shape.w / 2, shape.y + shape.h / 2);
    doc.ellipse(cx, cy, (shape.w * scale) / 2, (shape.h * scale) / 2).stroke();
  } else if (shape.type === 'arrow') {
    const from = place(...shape.from);
    const to = place(...shape.to);
    doc
      .moveTo(...from)
      .lineTo(...to)
      .stroke();
    arrowHead(doc, from, to);
  } else {
    const [x, y] = place(shape.x, shape.y);
    doc.fontSize(10).text(shape.text, x + PIN_R + 2, y, { lineBreak: false });
  }
}

/** The preview fitted into the left half, the marks over it; without a size, only a note. */
function drawPicture(doc: PDFKit.PDFDocument, part: SheetPart, texts: SheetTexts) {
  const { jpeg, width, height } = part.picture;
  const boxH = BOTTOM - TOP;
  if (!width || !height) {
    doc.fillColor(GREY).fontSize(10).text(texts.noPreview, MARGIN, TOP, { width: IMAGE_W });
    return;
  }
  const scale = Math.min(IMAGE_W / width, boxH / height);
  const [w, h] = [width * scale, height * scale];
  if (jpeg) doc.image(jpeg, MARGIN, TOP, { width: w, height: h });
  else
    doc
      .fillColor(GREY)
      .fontSize(10)
      .text(texts.noPreview, MARGIN + 8, TOP + 8, { width: w - 16 });
  doc.lineWidth(0.5).strokeColor('#999999').rect(MARGIN, TOP, w, h).stroke();
  const place: Place = (x, y) => [MARGIN + x * scale, TOP + y * scale];
  for (const mark of part.marks) drawShape(doc, mark, place, scale);
  for (const mark of part.marks) pin(doc, mark.num, mark.color, ...place(...anchor(mark.shape)));
}

/** Where the comments are being written: the right column, then the whole width of continuation pages. */
interface Column {
  x: number;
  w: number;
  y: number;
}

/** The pieces of one mark's thread, each measured and written on its own so a long thread may break. */
function threadLines(mark: SheetMark, texts: SheetTexts) {
  return [
    { text: `${texts.state(mark.state)}　${mark.author}`, size: 8, color: GREY, indent: 0 },
    { text: mark.comment, size: 10, color: 'black', indent: 0 },
    ...mark.replies.map((r) => ({
      text: `${r.author}: ${r.content}`,
      size: 9,
      color: '#333333',
      indent: 10,
    })),
  ];
}

function drawThread(
  doc: PDFKit.PDFDocument,
  mark: SheetMark,
  texts: SheetTexts,
  col: Column,
  more: () => Column,
) {
  let at = col;
  let first = true;
  for (const line of threadLines(mark, texts)) {
    const x = at.x + PIN_R * 2 + 6 + line.indent;
    const width = at.w - (x - at.x);
    doc.fontSize(line.size);
    const h = doc.heightOfString(line.text, { width });
    if (at.y + h > BOTTOM) at = more();
    if (first) pin(doc, mark.num, mark.color, at.x + PIN_R, at.y + PIN_R);
    first = false;
    doc.fillColor(line.color).fontSize(line.size).text(line.text, x, at.y, { width });
    at.y += h + 2;
  }
  at.y += 8;
  return at;
}

/** One marked revision: a page with its picture and comments, and as many more as the comments need. */
export function drawSheetPart(doc: PDFKit.PDFDocument, part: SheetPart, texts: SheetTexts, right: string) {
  doc.addPage();
  header(doc, part.heading, right);
  drawPicture(doc, part, texts);
  let col: Column = { x: MARGIN + IMAGE_W + GAP, w: PAGE_W - MARGIN - (MARGIN + IMAGE_W + GAP), y: TOP };
  const more = (): Column => {
    doc.addPage();
    header(doc, texts.continued(part.heading), right);
    col = { x: MARGIN, w: PAGE_W - 2 * MARGIN, y: TOP };
    return col;
  };
  for (const mark of part.marks) col = drawThread(doc, mark, texts, col, more);
}
