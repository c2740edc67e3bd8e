import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { PrintSpec } from '@koma/shared';
import { grayOutputProfile, OUTPUT_CONDITION, PDFX_VERSION, xmpMetadata } from './pdf-x.js';
import { type PngHeader, pngParts } from './png-idat.js';

/** A page of the print-ready PDF: its converted PNG (print-convert.ts) and the dpi it prints at. */
export interface PdfPage {
  png: Readable;
  dpi: number;
}

const PT_PER_MM = 72 / 25.4;

/** sRGB's profile, for colour pages: the one pdfkit ships for its PDF/A files. */
const srgbProfile = () =>
  readFileSync(
    path.join(path.dirname(createRequire(import.meta.url).resolve('pdfkit')), 'data/sRGB_IEC61966_2_1.icc'),
  );

const num = (n: number) => String(Math.round(n * 1000) / 1000);
const box = (x: number, y: number, w: number, h: number) => `[${[x, y, x + w, y + h].map(num).join(' ')}]`;

/** A text string in UTF-16BE with its byte-order mark: titles are Japanese. */
const text = (s: string) => `<FEFF${Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

const pdfDate = (d: Date) => `(D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}+00'00')`;

/**
 * The print-ready PDF (docs/print.md, "The print-ready PDF"), PDF/X-4 for a mono or gray spec,
 * written while it is sent:
 * each page's image is copied from its PNG's IDAT as the file is read (1-bit stays 1-bit, gray
 * 8-bit gray, colour RGB with sRGB's profile), its length in an object after it, so no image is
 * ever held whole. MediaBox = BleedBox = trim + bleed, TrimBox the trim, the image at print size
 * (its pixels over its dpi) centred on the page. The next page is asked for once this one is out.
 * Written here rather than with a library: pdf-lib builds the whole document in memory and PDFKit
 * holds each image whole, and a chapter of 600-dpi pages must stream in bounded memory.
 */
export function printPdf(spec: PrintSpec, title: string, pages: AsyncIterable<PdfPage>): Readable {
  return Readable.from(writePdf(spec, title, pages), { objectMode: false });
}

async function* writePdf(spec: PrintSpec, title: string, pages: AsyncIterable<PdfPage>) {
  const offsets: number[] = [];
  let at = 0;
  let next = 1;
  const alloc = () => next++;
  const out = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    at += bytes.length;
    return bytes;
  };
  const object = (n: number, body: string) => {
    offsets[n] = at;
    return out(`${n} 0 obj\n${body}\nendobj\n`);
  };
  const streamObject = (n: number, dict: string, data: Buffer) => {
    offsets[n] = at;
    return Buffer.concat([
      out(`${n} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`),
      out(data),
      out('\nendstream\nendobj\n'),
    ]);
  };

  // A colour book prints in CMYK, and no CMYK printing condition's profile can be shipped here:
  // its PDF claims no PDF/X and declares no output intent rather than a wrong one.
  const pdfx = spec.colour !== 'colour';
  const now = new Date();
  const id = randomUUID().replaceAll('-', '');
  yield out('%PDF-1.6\n%\xE2\xE3\xCF\xD3\n');
  const pagesN = alloc();
  const profileN = pdfx ? alloc() : null;
  if (profileN) yield streamObject(profileN, '/N 1', grayOutputProfile());
  const srgbN = spec.colour === 'colour' ? alloc() : null;
  if (srgbN) yield streamObject(srgbN, '/N 3', srgbProfile());
  const kids: number[] = [];
  for await (const page of pages) {
    const imageN = alloc();
    const lengthN = alloc();
    let header: PngHeader | null = null;
    let length = 0;
    for await (const part of pngParts(page.png)) {
      if (!Buffer.isBuffer(part)) {
        header = part;
        offsets[imageN] = at;
        yield out(`${imageN} 0 obj\n${imageDict(part, srgbN, lengthN)}\nstream\n`);
        continue;
      }
      length += part.length;
      yield out(part);
    }
    if (!header) throw new Error('delivery: a page without an image');
    yield out('\nendstream\nendobj\n');
    yield object(lengthN, String(length));
    const geometry = pageGeometry(spec, header, page.dpi);
    const content = Buffer.from(
      `q ${num(geometry.image.w)} 0 0 ${num(geometry.image.h)} ${num(geometry.image.x)} ${num(geometry.image.y)} cm /Im0 Do Q`,
      'latin1',
    );
    const contentN = alloc();
    yield streamObject(contentN, '', content);
    const pageN = alloc();
    kids.push(pageN);
    yield object(
      pageN,
      `<< /Type /Page /Parent ${pagesN} 0 R /MediaBox ${geometry.media} /BleedBox ${geometry.media} /TrimBox ${geometry.trim} /Resources << /XObject << /Im0 ${imageN} 0 R >> >> /Contents ${contentN} 0 R >>`,
    );
  }
  yield object(
    pagesN,
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
  );
  const intentN = profileN ? alloc() : null;
  if (intentN)
    yield object(
      intentN,
      `<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom) /OutputCondition (${OUTPUT_CONDITION}) /Info (${OUTPUT_CONDITION}) /RegistryName (http://www.color.org) /DestOutputProfile ${profileN} 0 R >>`,
    );
  const metadataN = alloc();
  const isoDate = `${now.toISOString().slice(0, 19)}Z`;
  const xmp = xmpMetadata({ title, isoDate, documentId: id, pdfx });
  yield streamObject(metadataN, '/Type /Metadata /Subtype /XML', xmp);
  const infoN = alloc();
  const version = pdfx ? ` /GTS_PDFXVersion (${PDFX_VERSION})` : '';
  yield object(
    infoN,
    `<< /Title ${text(title)} /Creator (Koma) /Producer (Koma) /CreationDate ${pdfDate(now)} /ModDate ${pdfDate(now)} /Trapped /False${version} >>`,
  );
  const catalogN = alloc();
  const intents = intentN ? ` /OutputIntents [${intentN} 0 R]` : '';
  yield object(catalogN, `<< /Type /Catalog /Pages ${pagesN} 0 R /Metadata ${metadataN} 0 R${intents} >>`);
  const xrefAt = at;
  const rows = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  yield out(`xref\n0 ${next}\n0000000000 65535 f \n${rows.join('')}`);
  yield out(
    `trailer\n<< /Size ${next} /Root ${catalogN} 0 R /Info ${infoN} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`,
  );
}

function imageDict(header: PngHeader, srgbN: number | null, lengthN: number): string {
  const colours = header.colourType === 2 ? 3 : 1;
  // Only a colour spec converts to RGB, and then sRGB's profile is in the file (never DeviceRGB).
  if (colours === 3 && !srgbN) throw new Error('delivery: an RGB page in a PDF of a mono or gray spec');
  const space = colours === 3 ? `[/ICCBased ${srgbN} 0 R]` : '/DeviceGray';
  const bits = header.bitDepth;
  return `<< /Type /XObject /Subtype /Image /Width ${header.width} /Height ${header.height} /BitsPerComponent ${bits} /ColorSpace ${space} /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors ${colours} /BitsPerComponent ${bits} /Columns ${header.width} >> /Length ${lengthN} 0 R >>`;
}

/**
 * The page in points: trim + bleed from the spec (the image's own print size where the spec has no
 * trim, as a webtoon's), the trim inside the bleed, the image at its print size centred.
 */
export function pageGeometry(spec: PrintSpec, image: { width: number; height: number }, dpi: number) {
  const w = (image.width * 72) / dpi;
  const h = (image.height * 72) / dpi;
  const bleed = spec.trimWidthMm && spec.trimHeightMm ? spec.bleedMm * PT_PER_MM : 0;
  const mediaW = spec.trimWidthMm ? spec.trimWidthMm * PT_PER_MM + 2 * bleed : w;
  const mediaH = spec.trimHeightMm ? spec.trimHeightMm * PT_PER_MM + 2 * bleed : h;
  return {
    media: box(0, 0, mediaW, mediaH),
    trim: box(bleed, bleed, mediaW - 2 * bleed, mediaH - 2 * bleed),
    image: { w, h, x: (mediaW - w) / 2, y: (mediaH - h) / 2 },
  };
}
