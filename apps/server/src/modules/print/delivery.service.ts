import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  ChapterStatus,
  type DeliveryFormat,
  deliveryManifestTexts,
  deliveryProofCount,
  type Language,
  LIMITS,
  madeFileName,
  PRINT_LIMITS,
  type PrintSpec,
  preflightFindingText,
  printDpi,
} from '@koma/shared';
import { routes } from '@koma/shared/routes';
import { conflict, notFound } from '../../lib/app-error.js';
import { computedDownloads } from '../../lib/computed-downloads.js';
import type { Deps } from '../../lib/deps.js';
import { fifoSlots } from '../../lib/fifo-slots.js';
import { chapterNaming } from '../chapters/chapter-file-name.js';
import { findChapter } from '../chapters/chapters.repository.js';
import { fileUrlSecret, signedQuery, verifySignedUrl } from '../files/signed-url.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { convertPage } from '../renditions/convert-page.js';
import { proofJpegs } from '../renditions/jpeg-process.js';
import { isPageExtension } from '../renditions/page-format.js';
import type { Conversion } from '../renditions/print-convert.js';
import { renderLimits } from '../renditions/render-budget.js';
import { previewKey } from '../renditions/rendition-keys.js';
import { parseUploadKey } from '../uploads/upload-names.js';
import { type DeliveryEntry, deliveryArchive } from './delivery-archive.js';
import { type ManifestRow, manifestCsv } from './delivery-manifest.js';
import { printPdf } from './delivery-pdf.js';
import { type ProofPage, type ProofTexts, proofStream } from './delivery-proof.js';
import { chapterFindings, pageFindings } from './preflight-rules.js';
import { type PageFacts, pageFacts } from './print.repository.js';
import { specsOf } from './print.service.js';

type DeliveryQuery = {
  projectId: number;
  chapterId: number;
  format: DeliveryFormat;
  by?: number | undefined;
  exp?: string | undefined;
  sig?: string | undefined;
};

export interface Delivery {
  stream: Readable;
  fileName: string;
}

/** What a delivery link signs: this chapter of this project, in this format, asked for by this person. */
const deliveryKey = (projectId: number, chapterId: number, format: DeliveryFormat, by: number) =>
  `delivery/${projectId}/${chapterId}/${format}/${by}`;

/** `001`: the print page number, three digits at least. */
const pageName = (num: number) => String(num).padStart(3, '0');

/**
 * A handed-in file's extension in the zip: the stored key's (the server made it, letters and
 * digits only), and only a page format the renders know; never the name the file was handed in
 * under, which reaches a printer's disk and the manifest (docs/print.md, "Delivery").
 */
function handedInExt(fileKey: string): string {
  const ext = parseUploadKey(fileKey)?.ext;
  return ext && isPageExtension(ext) ? ext : 'bin';
}

/**
 * The delivery of a 校了 chapter (入稿データ, docs/print.md "Delivery"): its proof PDF first (its
 * first bytes leave at once), then per print page its final file, as handed in or converted to a
 * TIFF of the spec, or all of them converted into one print-ready PDF, then the manifest, whose
 * SHA-256s are those of the bytes that went in.
 */
export function createDeliveryService(deps: Deps) {
  const { db, storage, config } = deps;
  const conversions = fifoSlots(PRINT_LIMITS.deliveryConversions);
  const limits = renderLimits(Math.max(1, config.renderConcurrency));

  async function plan(projectId: number, chapterId: number) {
    const chapter = await findChapter(db, projectId, chapterId);
    if (!chapter) throw notFound();
    if (chapter.status !== ChapterStatus.FINISHED) throw conflict('deliveryNotFinished');
    const { effective: spec } = await specsOf(db, projectId, chapterId);
    if (!spec) throw conflict('deliveryNoSpec');
    return { chapter, spec, pages: await pageFacts(db, chapterId), naming: await chapterNaming(db, chapter) };
  }

  /** A converted page's TIFF (or PNG for the PDF); its facts replace the original's in the manifest. */
  async function converted(page: PageFacts, conversion: Conversion, row: ManifestRow): Promise<Readable> {
    const result = await conversions.run(() =>
      convertPage(storage, page.fileKey as string, conversion, limits),
    );
    if (result.status !== 'ready') throw new Error(`delivery: page ${page.num} could not be converted`);
    const facts = { width: result.width, height: result.height, ...rowFacts(result.facts) };
    Object.assign(row, { describes: conversion.container === 'png' ? 'inPdf' : 'converted', ...facts });
    return result.stream;
  }

  async function original(page: PageFacts): Promise<Readable> {
    const stream = await storage.get(page.fileKey as string);
    if (!stream) throw new Error(`delivery: page file missing: ${page.fileKey}`);
    return stream;
  }

  function build(
    planned: Awaited<ReturnType<typeof plan>>,
    format: DeliveryFormat,
    lang: Language,
  ): Delivery {
    const { chapter, spec, pages, naming } = planned;
    const findingsOf = new Map(
      pages.map((page) => [
        page.num,
        pageFindings(spec, page).map((f) => ({ level: f.level, text: preflightFindingText(f, lang) })),
      ]),
    );
    const summary = pages.map(({ num, width, height }) => ({
      num,
      width,
      height,
      findings: findingsOf.get(num) ?? [],
    }));
    // The proof's title and every page's heading carry the series and the chapter (docs/files.md).
    const texts = proofTexts(lang, { series: naming.series, chapter: chapter.title }, summary);
    const rows: ManifestRow[] = [];
    const pdfName = madeFileName({ ...naming, kind: 'delivery', ext: 'pdf' }, lang);
    const inPdf: { page: PageFacts; row: ManifestRow }[] = [];
    const entries: DeliveryEntry[] = [
      {
        name: 'proof.pdf',
        open: async () => proofStream(spec, texts, summary, () => proofPages(summary, pages)),
      },
    ];
    for (const page of pages) {
      const findings = (findingsOf.get(page.num) ?? []).map((f) => f.text);
      const row: ManifestRow = {
        num: page.num,
        file: '',
        describes: 'handedIn',
        width: page.width,
        height: page.height,
        ...rowFacts(page),
        sha256: '',
        preflight: findings,
      };
      rows.push(row);
      if (!page.fileKey) continue;
      // A page whose render could not read it cannot be converted either: it goes as handed in.
      const convert = format !== 'asHandedIn' && page.status === 'ready';
      if (format !== 'asHandedIn' && !convert)
        row.preflight.push(deliveryManifestTexts(lang)[format === 'pdf' ? 'notInPdf' : 'asHandedIn']);
      if (format === 'pdf' && convert) {
        row.file = pdfName;
        inPdf.push({ page, row });
        continue;
      }
      row.file = `${pageName(page.num)}.${convert ? 'tif' : handedInExt(page.fileKey)}`;
      entries.push({
        name: row.file,
        rows: [row],
        open: () => (convert ? converted(page, conversionOf(spec), row) : original(page)),
      });
    }
    // The print-ready PDF right after the proof, its pages in print order (delivery-pdf.ts).
    if (inPdf.length > 0)
      entries.splice(1, 0, {
        name: pdfName,
        rows: inPdf.map(({ row }) => row),
        open: async () => printPdf(spec, texts.heading, pdfPages(spec, inPdf)),
      });
    const chapterNotes = chapterFindings(spec, pages).map((f) => preflightFindingText(f, lang));
    const manifest = () => manifestCsv(rows, chapterNotes, lang);
    return {
      stream: deliveryArchive(entries, { name: 'manifest.csv', content: manifest }),
      fileName: madeFileName({ ...naming, kind: 'delivery', ext: 'zip' }, lang),
    };
  }

  /**
   * The PDF's pages one at a time, each converted when the PDF asks for it. A page handed in as
   * 1-bit stays 1-bit under a gray or colour spec: nothing is lost, and line art keeps its edges
   * at full resolution (docs/print.md, "The print-ready PDF").
   */
  async function* pdfPages(spec: PrintSpec, pages: { page: PageFacts; row: ManifestRow }[]) {
    for (const { page, row } of pages) {
      const colour = page.bitDepth === 1 ? 'mono' : spec.colour;
      const conversion: Conversion = { ...conversionOf(spec), colour, container: 'png' };
      yield { png: await converted(page, conversion, row), dpi: conversion.dpi };
    }
  }

  /** Each page with its preview as JPEG, made by the instance's JPEG process (jpeg-process.ts). */
  async function* proofPages(
    summary: Omit<ProofPage, 'jpeg'>[],
    pages: PageFacts[],
  ): AsyncIterable<ProofPage> {
    for (const [i, page] of pages.entries()) {
      const webp = page.fileKey && page.previewsAt ? await storage.get(previewKey(page.fileKey)) : null;
      const jpeg = webp
        ? await proofJpegs.jpeg(await buffer(webp), PRINT_LIMITS.proofImagePx, PRINT_LIMITS.proofJpegQuality)
        : null;
      yield { ...(summary[i] as Omit<ProofPage, 'jpeg'>), jpeg };
    }
    proofJpegs.proofDone();
  }

  return {
    /** A short-lived GET link to the delivery, so the browser downloads it as a stream. */
    async link(access: ProjectAccess, userId: number, chapterId: number, format: DeliveryFormat) {
      const { projectId } = access;
      await plan(projectId, chapterId);
      const query = signedQuery(
        deliveryKey(projectId, chapterId, format, userId),
        await fileUrlSecret(db),
        LIMITS.signedUrlSeconds,
      );
      const target = `projectId=${projectId}&chapterId=${chapterId}&format=${format}&by=${userId}`;
      return `${routes.print.deliveryFile.path}?${target}&${query}`;
    },

    /**
     * The delivery behind a link made by `link`; null when the signature is wrong or expired.
     * It holds a place of the instance's computed downloads until its stream closes (or refuses:
     * lib/computed-downloads.ts).
     */
    async byLink(q: DeliveryQuery, lang: Language): Promise<Delivery | null> {
      if (q.by === undefined) return null;
      const key = deliveryKey(q.projectId, q.chapterId, q.format, q.by);
      if (!verifySignedUrl(key, q.exp, q.sig, await fileUrlSecret(db))) return null;
      const leave = computedDownloads.take(q.by);
      try {
        const delivery = build(await plan(q.projectId, q.chapterId), q.format, lang);
        return { ...delivery, stream: computedDownloads.hold(delivery.stream, leave) };
      } catch (err) {
        leave();
        throw err;
      }
    },
  };
}

/**
 * The TIFF a spec asks (docs/print.md, "Delivery"): drawn at print size, the pixels at the spec's
 * dpi; drawn larger and reduced, the drawn pixels with the dpi that prints them at size after the
 * reduction, or, when the printer asks for print size, resampled by the reduction to the spec's
 * dpi and cut to trim + bleed.
 */
export function conversionOf(spec: PrintSpec): Conversion {
  const { colour } = spec;
  if (spec.reductionPct === 100 || spec.widthPx !== null) return { colour, dpi: spec.dpi, resample: null };
  if (spec.deliverySize === 'drawn') return { colour, dpi: printDpi(spec), resample: null };
  const px = (mm: number | null) => Math.round((((mm ?? 0) + 2 * spec.bleedMm) * spec.dpi) / 25.4);
  const resample = {
    scale: spec.reductionPct / 100,
    width: px(spec.trimWidthMm),
    height: px(spec.trimHeightMm),
  };
  return { colour, dpi: spec.dpi, resample };
}

function proofTexts(
  lang: Language,
  names: { series: string; chapter: string },
  pages: Omit<ProofPage, 'jpeg'>[],
): ProofTexts {
  const words = deliveryManifestTexts(lang);
  const flagged = pages.filter((page) => page.findings.length > 0).length;
  return {
    ...names,
    heading: `${names.series}　${names.chapter}`,
    pages: deliveryProofCount(lang, 'proofPages', pages.length),
    findings: deliveryProofCount(lang, 'proofFindings', flagged),
    noFindings: words.proofNoFindings,
    flag: words.proofFlag,
  };
}

const rowFacts = (facts: Pick<PageFacts, 'colourMode' | 'bitDepth' | 'density'>) => ({
  dpi: facts.density,
  colourMode: facts.colourMode,
  bitDepth: facts.bitDepth,
});
