import { parentPort, workerData } from 'node:worker_threads';
import { sheetTexts } from '@koma/shared';
import { drawSheetPart, openSheetDocument } from './correction-sheet.pdf.js';
import type { SheetSetup, ToLayout } from './correction-sheet-layouts.js';

/**
 * A correction sheet's layout on a worker thread of its own (docs/marks.md, "Correction sheets"):
 * PDFKit measures and writes every line synchronously, which held the server's event loop for
 * seconds on a long sheet. The server sends the parts one by one (a preview as JPEG bytes and the
 * marks), this thread draws each and sends the PDF's bytes back as PDFKit writes them.
 */
const port = parentPort;
if (!port) throw new Error('correction-sheet-worker runs as a worker thread');

const setup = workerData as SheetSetup;
const texts = sheetTexts(setup.lang);
const right = `${texts.title}（${texts.filter(setup.which)}）`;
const doc = openSheetDocument(setup.title);
doc.on('data', (chunk: Buffer) => port.postMessage({ chunk }));
doc.on('end', () => port.postMessage({ done: true }));

port.on('message', (message: ToLayout) => {
  if (!message.part) {
    doc.end();
    return;
  }
  const { part } = message;
  // Bytes arrive as a Uint8Array; PDFKit takes an image only as a Buffer.
  const jpeg = part.picture.jpeg && Buffer.from(part.picture.jpeg);
  drawSheetPart(doc, { ...part, picture: { ...part.picture, jpeg } }, texts, right);
  port.postMessage({ drawn: true });
});
