import { PassThrough, type Readable, type Writable } from 'node:stream';
import {
  type Language,
  LIMITS,
  MARK_STATES,
  type MarkSheetFilter,
  type MarkState,
  type SheetTexts,
  MarkState as State,
  sheetTexts,
} from '@koma/shared';
import { routes } from '@koma/shared/routes';
import { conflict, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { findChapter } from '../chapters/chapters.repository.js';
import { fileUrlSecret, signedQuery, verifySignedUrl } from '../files/signed-url.js';
import { findPage } from '../pages/pages.repository.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { loadSharp } from '../renditions/load-sharp.js';
import { previewKey } from '../renditions/rendition-keys.js';
import { drawSheetPart, openSheetDocument, type SheetMark, type SheetPart } from './correction-sheet.pdf.js';
import {
  latestFileKey,
  type MarkedPage,
  markedPages,
  type SheetScope,
} from './correction-sheet.repository.js';
import * as repo from './marks.repository.js';

/** What the caller asks a sheet of: a page or a chapter of a project, the open marks or all. */
export interface SheetRequest {
  projectId: number;
  pageId?: number | undefined;
  chapterId?: number | undefined;
  which: MarkSheetFilter;
}

export interface CorrectionSheet {
  /** The PDF, drawn while it is sent: one page's preview in memory at a time. */
  stream: Readable;
  fileName: string;
}

const statesOf = (which: MarkSheetFilter): readonly MarkState[] =>
  which === 'open' ? [State.OPEN] : MARK_STATES;

const scopeOf = (r: SheetRequest): SheetScope =>
  r.pageId !== undefined ? { pageId: r.pageId } : { chapterId: r.chapterId as number };

/** What a sheet link signs: this page or chapter of this project, with this filter. */
const sheetKey = (r: SheetRequest) =>
  `marks-sheet/${r.projectId}/${r.pageId ?? ''}/${r.chapterId ?? ''}/${r.which}`;

/** Resolves once `out` wants more, or is gone: the next page is drawn only then. */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Correction sheets (docs/marks.md): the marks of a page or a chapter as a PDF, streamed. Pages
 * are read, drawn and forgotten one by one, and the next one waits until the client took the last
 * one, so the server's memory does not grow with the chapter.
 */
export function createCorrectionSheetService(deps: Deps) {
  const { db, storage } = deps;

  /** The chapter the request names, checked to be the project's (a page of it, or the chapter itself). */
  async function chapterOf(r: SheetRequest) {
    const chapterId =
      r.pageId !== undefined ? (await findPage(db, r.projectId, r.pageId))?.chapterId : r.chapterId;
    const chapter = chapterId === undefined ? undefined : await findChapter(db, r.projectId, chapterId);
    if (!chapter) throw notFound();
    return chapter;
  }

  /** The preview of a revision, scaled for the sheet and made JPEG (PDF has no WebP). */
  async function previewJpeg(key: string): Promise<Buffer | null> {
    const stream = await storage.get(previewKey(key));
    if (!stream) return null;
    const sharp = await loadSharp();
    const resize = sharp()
      .resize(LIMITS.sheetImagePx, LIMITS.sheetImagePx, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: LIMITS.sheetJpegQuality });
    return stream.pipe(resize).toBuffer();
  }

  /** The revision marks were drawn on; marks whose file was replaced show on the page's latest file. */
  async function pictureOf(page: MarkedPage, uploadId: number | null) {
    const key = uploadId === null ? await latestFileKey(db, page) : undefined;
    const file = await repo.revisionFile(db, key === undefined ? { uploadId: uploadId as number } : { key });
    if (!file) return { jpeg: null, width: null, height: null };
    const ready = file.width !== null && file.height !== null;
    return { jpeg: ready ? await previewJpeg(file.key) : null, width: file.width, height: file.height };
  }

  /** A page's marks in the filter, one part per revision they were drawn on, in pin order. */
  async function partsOf(
    page: MarkedPage,
    states: readonly MarkState[],
    heading: string,
  ): Promise<SheetPart[]> {
    const rows = (await repo.marksOf(db, { pageId: page.id })).filter((r) => states.includes(r.mark.state));
    const replies = groupBy(
      await repo.repliesOf(
        db,
        rows.map((r) => r.mark.id),
      ),
      (r) => r.reply.markId,
    );
    const marks = (list: typeof rows): SheetMark[] =>
      list.map(({ mark, author }) => ({
        ...mark,
        author,
        replies: (replies.get(mark.id) ?? []).map((r) => ({ author: r.nickname, content: r.reply.content })),
      }));
    const byRevision = groupBy(rows, (r) => r.mark.uploadId);
    const parts: SheetPart[] = [];
    for (const [uploadId, list] of byRevision)
      parts.push({ heading, picture: await pictureOf(page, uploadId), marks: marks(list) });
    return parts;
  }

  async function write(
    r: SheetRequest,
    pages: MarkedPage[],
    title: string,
    texts: SheetTexts,
    out: PassThrough,
  ) {
    const doc = openSheetDocument(title);
    doc.on('data', (chunk: Buffer) => out.write(chunk));
    doc.on('end', () => out.end());
    const right = `${texts.title}（${texts.filter(r.which)}）`;
    for (const page of pages) {
      // The client went away: stop reading previews for nobody.
      if (out.destroyed) return;
      const heading = `${title}　${texts.page(page.num)}`;
      for (const part of await partsOf(page, statesOf(r.which), heading))
        drawSheetPart(doc, part, texts, right);
      await drained(out);
    }
    doc.end();
  }

  async function build(r: SheetRequest, lang: Language): Promise<CorrectionSheet> {
    const chapter = await chapterOf(r);
    const pages = await markedPages(db, scopeOf(r), statesOf(r.which));
    if (pages.length === 0) throw conflict('sheetEmpty');
    const texts = sheetTexts(lang);
    const out = new PassThrough();
    write(r, pages, chapter.title, texts, out).catch((err: Error) => out.destroy(err));
    const only = r.pageId !== undefined && pages[0] ? `_${texts.page(pages[0].num)}` : '';
    return { stream: out, fileName: `${chapter.title}${only}_${texts.title}.pdf` };
  }

  return {
    /** A short-lived GET link to the sheet, for members who may see the page or chapter. */
    async link(member: ProjectAccess, r: SheetRequest): Promise<string> {
      const chapter = await chapterOf(r);
      await requireChapter(db, member, chapter.id);
      if ((await markedPages(db, scopeOf(r), statesOf(r.which))).length === 0) throw conflict('sheetEmpty');
      const query = signedQuery(sheetKey(r), await fileUrlSecret(db), LIMITS.signedUrlSeconds);
      const target = r.pageId !== undefined ? `pageId=${r.pageId}` : `chapterId=${r.chapterId}`;
      return `${routes.marks.sheet.path}?projectId=${r.projectId}&${target}&which=${r.which}&${query}`;
    },

    /** The sheet behind a link made by `link`; null when the signature is wrong or expired. */
    async byLink(r: SheetRequest & { exp?: string | undefined; sig?: string | undefined }, lang: Language) {
      const valid = verifySignedUrl(sheetKey(r), r.exp, r.sig, await fileUrlSecret(db));
      return valid ? build(r, lang) : null;
    },
  };
}
