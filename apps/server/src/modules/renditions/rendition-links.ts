import { Readable } from 'node:stream';
import {
  type Language,
  LIMITS,
  message,
  type PageRenditions,
  RenditionStage,
  RenditionStatus,
} from '@koma/shared';
import { routeBase, routes } from '@koma/shared/routes';
import type { Deps } from '../../lib/deps.js';
import { fileUrlSecret, signedQuery, verifySignedUrl } from '../files/signed-url.js';
import { keyOfPath, pathOfKey } from '../uploads/upload-names.js';
import type { UploadRow } from '../uploads/uploads.repository.js';
import { watermarkedRendition } from '../watermarks/watermarked-renditions.js';
import { originalOfRendition, renditionFolder } from './rendition-keys.js';
import { uploadsWithRenditions } from './renditions.repository.js';
import { type Renditions, renditionsOf, renditionsOfRow } from './renditions.service.js';

/**
 * Links to renditions (docs/renditions.md): one signature per rendition folder, carried in the
 * path, `/api/renditions/<exp>/<sig>/<key>.r/<file>`, so the deep-zoom viewer can fetch every
 * tile relative to the descriptor's link. The expiry is rounded up to the next step
 * (LIMITS.renditionLinkStepSeconds): a link stays the same for that long and the browser's cache
 * keeps what it fetched.
 */
const PREFIX = routeBase(routes.uploads.rendition);
// Binds the signature to rendition folders: it is never a valid /api/files signature.
const signed = (folder: string, code: string | null) =>
  code ? `rendition:${folder}|w.${code}` : `rendition:${folder}`;
/**
 * A watermarked viewer's links carry their code as a path segment, `w.<code>/`, signed with the
 * folder (docs/renditions.md, "Watermarks"): the tiles fetched relative to the descriptor keep it,
 * and a link without it is not valid for the folder's signature.
 */
const CODE_SEGMENT = /^w\.([0-9A-Z]{6})$/;
const STEP = LIMITS.renditionLinkStepSeconds;
/** The files a rendition folder holds; anything else is not served. */
const SERVED = /^(thumb\.webp|preview\.webp|tiles\.dzi|tiles_files\/\d{1,2}\/\d{1,5}_\d{1,5}\.webp)$/;

function folderLink(
  key: string,
  secret: string,
  now: Date,
  code: string | null = null,
): (file: string) => string {
  const folder = renditionFolder(key);
  const seconds = Math.floor(now.getTime() / 1000);
  const exp = Math.ceil((seconds + LIMITS.renditionLinkSeconds) / STEP) * STEP;
  const query = new URLSearchParams(signedQuery(signed(folder, code), secret, exp - seconds, now));
  const mark = code ? `w.${code}/` : '';
  const base = `${PREFIX}${query.get('exp')}/${query.get('sig')}/${mark}${folder}/`;
  return (file) => `${base}${file.slice(folder.length + 1)}`;
}

/** The reply shape of an upload's renditions, links signed, reasons in the reader's language. */
export function presentRenditions(
  upload: Pick<UploadRow, 'id' | 'key'>,
  made: Renditions | undefined,
  secret: string,
  lang: Language,
  now = new Date(),
  code: string | null = null,
): PageRenditions {
  const { id: uploadId, key } = upload;
  const status = made?.status ?? RenditionStatus.PENDING;
  const reason = made?.reason ? message(made.reason, lang) : '';
  const link = folderLink(key, secret, now, code);
  // Thumbnail and preview come before the tiles (docs/renditions.md): a pending page shows them.
  return {
    uploadId,
    status,
    stage: made?.stage ?? RenditionStage.QUEUED,
    reason,
    thumb: made?.thumb ? link(made.thumb) : '',
    preview: made?.preview ? link(made.preview) : '',
    dzi: made?.dzi ? link(made.dzi) : '',
    width: made?.width ?? null,
    height: made?.height ?? null,
    tiles: made?.tiles ?? null,
    details: made?.details ?? null,
  };
}

/**
 * The renditions of these uploads by upload id, ready for a reply; with a watermark code, links
 * that serve them watermarked for that viewer (watermarks/watermarks.service.ts, watermarkOf).
 */
export async function renditionsOfUploads(
  deps: Pick<Deps, 'db'>,
  uploads: readonly UploadRow[],
  lang: Language,
  code: string | null = null,
): Promise<Map<number, PageRenditions>> {
  const [made, secret] = await Promise.all([
    renditionsOf(
      deps.db,
      uploads.map((u) => u.id),
    ),
    fileUrlSecret(deps.db),
  ]);
  const now = new Date();
  return new Map(uploads.map((u) => [u.id, presentRenditions(u, made.get(u.id), secret, lang, now, code)]));
}

/** The renditions of the files under these storage keys, by key; null for '' (no file). */
export async function renditionsOfKeys(
  deps: Pick<Deps, 'db'>,
  keys: readonly string[],
  lang: Language,
  code: string | null = null,
): Promise<(key: string) => PageRenditions | null> {
  const [rows, secret] = await Promise.all([
    uploadsWithRenditions(deps.db, [...new Set(keys.filter(Boolean))]),
    fileUrlSecret(deps.db),
  ]);
  const now = new Date();
  const byKey = new Map(rows.map((row) => [row.upload.key, presentRow(row, secret, lang, now, code)]));
  return (key) => byKey.get(key) ?? null;
}

type UploadWithRendition = Awaited<ReturnType<typeof uploadsWithRenditions>>[number];

function presentRow(
  { upload, rendition }: UploadWithRendition,
  secret: string,
  lang: Language,
  now: Date,
  code: string | null = null,
) {
  return presentRenditions(upload, renditionsOfRow(rendition, upload.key), secret, lang, now, code);
}

/** The upload a stored path names, with its rendition row, for renditionsOfRead to present later. */
export async function readRenditionsOfPath(
  deps: Pick<Deps, 'db'>,
  path: string,
): Promise<UploadWithRendition | undefined> {
  const key = keyOfPath(path);
  const [row] = key ? await uploadsWithRenditions(deps.db, [key]) : [];
  return row;
}

/**
 * Whether what readRenditionsOfPath read can no longer change, so it may be kept: no upload (a
 * stored path names its upload from the start, or never), or a rendition settled by its job (a
 * settled row is final). A pending one is read again: its job may finish any moment.
 */
export function renditionsFinal(read: UploadWithRendition | undefined): boolean {
  return !read || (read.rendition !== null && read.rendition.status !== RenditionStatus.PENDING);
}

/** The reply shape of what readRenditionsOfPath read: links signed now, reasons in `lang`. */
export async function renditionsOfRead(
  deps: Pick<Deps, 'db'>,
  read: UploadWithRendition | undefined,
  lang: Language,
): Promise<PageRenditions | null> {
  return read ? presentRow(read, await fileUrlSecret(deps.db), lang, new Date()) : null;
}

/**
 * What a list shows of public pictures named by their paths (project covers, chapter headers): the
 * thumbnail once made, else the picture itself, small and public (docs/renditions.md). A path that
 * names no upload (none, or an old value) is shown as it is.
 */
export async function listPicturesOf(
  deps: Pick<Deps, 'db'>,
  paths: readonly string[],
): Promise<(path: string) => string> {
  const keys = new Set(paths.map(keyOfPath).filter((k): k is string => k !== null));
  const rows = await uploadsWithRenditions(deps.db, [...keys]);
  const made = rows.filter((r) => r.rendition !== null);
  if (made.length === 0) return (path) => path;
  const secret = await fileUrlSecret(deps.db);
  const now = new Date();
  const thumbs = new Map<string, string>();
  for (const { upload, rendition } of made) {
    const thumb = renditionsOfRow(rendition, upload.key).thumb;
    if (thumb) thumbs.set(pathOfKey(upload.key), folderLink(upload.key, secret, now)(thumb));
  }
  return (path) => thumbs.get(path) ?? path;
}

/**
 * How a list turns its pictures' paths into what it shows: listPicturesOf, or the paths as stored
 * for a caller that shows several lists and reads all their pictures at once (the dashboard).
 */
export type ListPictures = (paths: readonly string[]) => Promise<(path: string) => string>;
export const picturesAsStored: ListPictures = async () => (path) => path;

/**
 * The storage key a rendition link names, or null unless its signature holds for the folder and
 * it names one of the files a rendition folder holds.
 */
export function renditionKeyOfPath(rest: string, secret: string, now = new Date()): string | null {
  return parseRenditionPath(rest, secret, now)?.key ?? null;
}

/** What a rendition link names: the stored key, its original's, the file, and the viewer's code if watermarked. */
export function parseRenditionPath(rest: string, secret: string, now = new Date()) {
  const [exp, sig, ...segments] = rest.split('/');
  const code = CODE_SEGMENT.exec(segments[0] ?? '')?.[1] ?? null;
  const key = (code ? segments.slice(1) : segments).join('/');
  const original = originalOfRendition(key);
  if (!original) return null;
  const folder = renditionFolder(original);
  const file = key.slice(folder.length + 1);
  if (!SERVED.test(file)) return null;
  return verifySignedUrl(signed(folder, code), exp, sig, secret, now) ? { key, original, file, code } : null;
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', dzi: 'application/xml' };

/**
 * A rendition file for GET /api/renditions/*, or null unless its link holds. The stored files of a
 * key never change, so the browser keeps them until the link expires, in its private cache only.
 */
export async function openRendition(
  deps: Pick<Deps, 'db' | 'storage'>,
  rest: string,
  ip: string,
  download = false,
  now = new Date(),
) {
  const parsed = parseRenditionPath(rest, await fileUrlSecret(deps.db), now);
  if (!parsed) return null;
  const { key, code } = parsed;
  if (code) return openWatermarked(deps, { ...parsed, code, ip, download }, rest, now);
  // Only a watermarked viewer's preview is ever a download.
  if (download) return null;
  const [stat, stream] = await Promise.all([deps.storage.stat(key), deps.storage.get(key)]);
  if (!stat || !stream) {
    stream?.destroy();
    return null;
  }
  return { stream, size: stat.size, ...headersOf(key, rest, now) };
}

function headersOf(key: string, rest: string, now: Date) {
  const exp = Number(rest.split('/')[0]);
  const maxAge = Math.max(0, exp - Math.floor(now.getTime() / 1000));
  return {
    contentType: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    cacheControl: `private, max-age=${maxAge}, immutable`,
  };
}

/** A watermarked viewer's file: composited in memory (watermarks/watermarked-renditions.ts). */
async function openWatermarked(
  deps: Pick<Deps, 'db' | 'storage'>,
  served: { key: string; original: string; file: string; code: string; ip: string; download: boolean },
  rest: string,
  now: Date,
) {
  if (served.download && served.file !== 'preview.webp') return null;
  const bytes = await watermarkedRendition(deps, served, () => readStored(deps.storage, served.key));
  if (!bytes) return null;
  return { stream: Readable.from([bytes]), size: bytes.length, ...headersOf(served.key, rest, now) };
}

async function readStored(storage: Deps['storage'], key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
