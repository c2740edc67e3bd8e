import { createHash } from 'node:crypto';
import { PassThrough, Readable, type Writable } from 'node:stream';
import {
  type Language,
  LIMITS,
  MARK_STATES,
  type MarkSheetFilter,
  type MarkState,
  madeFileName,
  type SheetTexts,
  MarkState as State,
  sheetTexts,
} from '@koma/shared';
import { routes } from '@koma/shared/routes';
import { LRUCache } from 'lru-cache';
import { conflict, notFound } from '../../lib/app-error.js';
import { computedDownloads } from '../../lib/computed-downloads.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { chapterNaming } from '../chapters/chapter-file-name.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { findChapter } from '../chapters/chapters.repository.js';
import { fileUrlSecret, signedQuery, verifySignedUrl } from '../files/signed-url.js';
import { findPage } from '../pages/pages.repository.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { previewJpeg } from '../renditions/preview-jpeg.js';
import type { SheetMark, SheetPart } from './correction-sheet.pdf.js';
import {
  latestFileKey,
  type MarkedPage,
  markedPages,
  type SheetScope,
} from './correction-sheet.repository.js';
import { type SheetLayout, type SheetSetup, sheetLayouts } from './correction-sheet-layouts.js';
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

/** A link's query beyond the request: who asked for it, its expiry and signature. */
type Signed = { by?: number | undefined; exp?: string | undefined; sig?: string | undefined };

/** What a sheet link signs: this page or chapter of this project, with this filter, for this person. */
const sheetKey = (r: SheetRequest, by: number) =>
  `marks-sheet/${r.projectId}/${r.pageId ?? ''}/${r.chapterId ?? ''}/${r.which}/${by}`;

/** Resolves once `out` wants more, or is gone: the next part is drawn only then. */
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

/** A part as read from the database: its picture named by the file's key, the preview not yet made. */
interface PlannedPart extends Omit<SheetPart, 'picture'> {
  picture: { key: string | null; width: number | null; height: number | null };
}

/** Everything one sheet is made of, but its pages' marks, read page by page. */
interface SheetPlan {
  r: SheetRequest;
  setup: SheetSetup;
  pages: MarkedPage[];
  texts: SheetTexts;
}

/**
 * The digest of everything a sheet shows: its setup (chapter title, language, filter) and, page by
 * page, each part's heading, picture (the file's key and size) and marks with their replies. Two
 * sheets with one digest are the same PDF; any change (a mark, a reply, a state, a new file, a
 * renamed chapter or author) is another digest (docs/marks.md, "Correction sheets").
 */
function sheetDigest(setup: SheetSetup) {
  const hash = createHash('sha256').update(JSON.stringify(setup));
  return {
    add: (parts: PlannedPart[]) => void hash.update(JSON.stringify(parts)),
    digest: () => hash.digest('base64url'),
  };
}

/** The bytes of a sheet being sent, kept to be sent again unless they pass what the cache takes. */
function keeper() {
  let chunks: Buffer[] | null = [];
  let bytes = 0;
  return {
    add(chunk: Buffer) {
      if (!chunks) return;
      bytes += chunk.length;
      if (bytes > LIMITS.sheetCacheEntryBytesMax) chunks = null;
      else chunks.push(chunk);
    },
    kept: () => (chunks ? Buffer.concat(chunks) : undefined),
  };
}

/**
 * Correction sheets (docs/marks.md): the marks of a page or a chapter as a PDF, streamed. Pages
 * are read, drawn and forgotten one by one, and the next one waits until the client took the last
 * one, so the server's memory does not grow with the chapter. The layout runs on a worker thread
 * (correction-sheet-layouts.ts); a sheet asked for again while unchanged is sent from memory.
 */
export function createCorrectionSheetService(deps: Deps) {
  const { db, storage } = deps;
  /** Sheets made, by their digest: bounded in bytes, least recently used out first. */
  const made = new LRUCache<string, Buffer>({
    maxSize: LIMITS.sheetCacheBytes,
    maxEntrySize: LIMITS.sheetCacheEntryBytesMax,
    sizeCalculation: (pdf) => pdf.length,
  });
  /** Sheets being made, by their digest: the same sheet asked for meanwhile waits for them. */
  const making = new Map<string, Promise<Buffer | undefined>>();

  /** The chapter the request names, checked to be the project's (a page of it, or the chapter itself). */
  async function chapterOf(r: SheetRequest) {
    const chapterId =
      r.pageId !== undefined ? (await findPage(db, r.projectId, r.pageId))?.chapterId : r.chapterId;
    const chapter = chapterId === undefined ? undefined : await findChapter(db, r.projectId, chapterId);
    if (!chapter) throw notFound();
    return chapter;
  }

  /** The revision marks were drawn on; marks whose file was replaced show on the page's latest file. */
  async function pictureOf(page: MarkedPage, uploadId: number | null): Promise<PlannedPart['picture']> {
    const key = uploadId === null ? await latestFileKey(db, page) : undefined;
    const file = await repo.revisionFile(db, key === undefined ? { uploadId: uploadId as number } : { key });
    return file ?? { key: null, width: null, height: null };
  }

  /** The part with its preview, decoded by sharp (libvips' threads, off the event loop). */
  async function withPreview(part: PlannedPart): Promise<SheetPart> {
    const { key, width, height } = part.picture;
    const jpeg =
      key !== null && width !== null && height !== null
        ? await previewJpeg(storage, key, LIMITS.sheetImagePx, LIMITS.sheetJpegQuality)
        : null;
    return { ...part, picture: { jpeg, width, height } };
  }

  /** A page's marks in the filter, one part per revision they were drawn on, in pin order. */
  async function partsOf(page: MarkedPage, plan: SheetPlan): Promise<PlannedPart[]> {
    const states = statesOf(plan.r.which);
    const heading = `${plan.setup.title}　${plan.texts.page(page.num)}`;
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
        num: mark.num,
        color: mark.color,
        shape: mark.shape,
        state: mark.state,
        author,
        comment: mark.comment,
        replies: (replies.get(mark.id) ?? []).map((r) => ({ author: r.nickname, content: r.reply.content })),
      }));
    const byRevision = groupBy(rows, (r) => r.mark.uploadId);
    const parts: PlannedPart[] = [];
    for (const [uploadId, list] of byRevision)
      parts.push({ heading, picture: await pictureOf(page, uploadId), marks: marks(list) });
    return parts;
  }

  /** The digest of the sheet as it stands, read page by page (one page's marks in memory at a time). */
  async function digestOf(plan: SheetPlan): Promise<string> {
    const digest = sheetDigest(plan.setup);
    for (const page of plan.pages) digest.add(await partsOf(page, plan));
    return digest.digest();
  }

  /**
   * Draws the sheet on its worker part by part, each part once the client took the last; answers
   * the digest of what was drawn (the marks may have changed since the sheet was looked up).
   */
  async function draw(plan: SheetPlan, layout: SheetLayout, out: PassThrough): Promise<string | undefined> {
    const digest = sheetDigest(plan.setup);
    for (const page of plan.pages) {
      // The client went away: stop reading previews for nobody.
      if (out.destroyed) return undefined;
      const parts = await partsOf(page, plan);
      digest.add(parts);
      for (const part of parts) await layout.draw(await withPreview(part));
      await drained(out);
    }
    await layout.end();
    return digest.digest();
  }

  /** Opens a worker for the sheet (or refuses, 503 `sheetBusy`); its bytes go to `out` and are kept. */
  async function open(plan: SheetPlan, out: PassThrough) {
    const bytes = keeper();
    const layout = await sheetLayouts.open(plan.setup, (chunk) => {
      out.write(chunk);
      bytes.add(chunk);
    });
    return { layout, bytes };
  }

  /**
   * Sends the sheet laid out on `opened` into `out`, keeps it under the digest of what was drawn,
   * and resolves with its bytes when that is `key` (the same sheet asked for meanwhile takes them).
   */
  async function send(
    plan: SheetPlan,
    key: string,
    out: PassThrough,
    { layout, bytes }: Awaited<ReturnType<typeof open>>,
  ): Promise<Buffer | undefined> {
    try {
      const drawn = await draw(plan, layout, out);
      out.end();
      const pdf = bytes.kept();
      if (drawn === undefined || !pdf) return undefined;
      made.set(drawn, pdf);
      return drawn === key ? pdf : undefined;
    } catch (err) {
      layout.stop();
      out.destroy(err as Error);
      return undefined;
    }
  }

  async function build(r: SheetRequest, by: number, lang: Language): Promise<CorrectionSheet> {
    const chapter = await chapterOf(r);
    const pages = await markedPages(db, scopeOf(r), statesOf(r.which));
    if (pages.length === 0) throw conflict('sheetEmpty');
    const texts = sheetTexts(lang);
    const naming = await chapterNaming(db, chapter);
    const page = r.pageId !== undefined ? pages[0]?.num : undefined;
    const fileName = madeFileName({ ...naming, kind: 'corrections', ext: 'pdf', page }, lang);
    // Every page's header names the series before the chapter (docs/files.md, issue 40).
    const title = `${naming.series}　${chapter.title}`;
    const plan: SheetPlan = { r, setup: { title, lang, which: r.which }, pages, texts };
    const key = await digestOf(plan);
    const sendMade = (pdf: Buffer) => ({ stream: Readable.from([pdf]), fileName });
    const cached = made.get(key);
    if (cached) return sendMade(cached);
    const pending = making.get(key);
    const done = pending && (await pending);
    if (done) return sendMade(done);
    // Nothing waits from the lookup to here: the same sheet asked for from now on finds it being made.
    // Laid out, it holds a place of the computed downloads until sent (lib/computed-downloads.ts).
    const leave = computedDownloads.take(by);
    const out = computedDownloads.hold(new PassThrough(), leave);
    const opened = open(plan, out);
    const sent: Promise<Buffer | undefined> = opened
      .then((o) => send(plan, key, out, o))
      // Refused a worker (or failed): the place in the computed downloads goes with `out`.
      .catch(() => void out.destroy())
      .finally(() => {
        if (making.get(key) === sent) making.delete(key);
      });
    making.set(key, sent);
    await opened;
    return { stream: out, fileName };
  }

  return {
    /** A short-lived GET link to the sheet, for members who may see the page or chapter. */
    async link(member: ProjectAccess, userId: number, r: SheetRequest): Promise<string> {
      const chapter = await chapterOf(r);
      await requireChapter(db, member, chapter.id);
      if ((await markedPages(db, scopeOf(r), statesOf(r.which))).length === 0) throw conflict('sheetEmpty');
      const query = signedQuery(sheetKey(r, userId), await fileUrlSecret(db), LIMITS.signedUrlSeconds);
      const target = r.pageId !== undefined ? `pageId=${r.pageId}` : `chapterId=${r.chapterId}`;
      const path = routes.marks.sheet.path;
      return `${path}?projectId=${r.projectId}&${target}&which=${r.which}&by=${userId}&${query}`;
    },

    /** The sheet behind a link made by `link`; null when the signature is wrong or expired. */
    async byLink(r: SheetRequest & Signed, lang: Language) {
      if (r.by === undefined) return null;
      const valid = verifySignedUrl(sheetKey(r, r.by), r.exp, r.sig, await fileUrlSecret(db));
      return valid ? build(r, r.by, lang) : null;
    },
  };
}
