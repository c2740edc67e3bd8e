import { randomBytes } from 'node:crypto';
import { cleanSingleLine, UPLOAD_TYPES, UploadType } from '@koma/shared';
import { routes } from '@koma/shared/contract';
import { attachmentDisposition } from '../../lib/content-disposition.js';

/** Every stored file is reachable under this prefix; the rest of the path is its key. */
export const FILES_PREFIX = routes.uploads.file.path.replace(/\*$/, '');
const FILENAME_MAX = 255;
// `<type>/<year>/<month>/<32 hex>.<ext>`: the type folder decides who may read the file.
const KEY_PATTERN = /^(\d{1,2})\/\d{4}\/\d{2}\/[0-9a-f]{32}\.([a-z0-9]{1,10})$/;
const EXT_PATTERN = /^[a-z0-9]{1,10}$/;
const CONTROLS = /\p{Cc}/gu;

/** An upload type from a form field or query, or null when it is none of UPLOAD_TYPES. */
export function parseUploadType(raw: string | undefined): UploadType | null {
  if (!raw || !/^\d{1,3}$/.test(raw.trim())) return null;
  const type = Number(raw.trim());
  return (UPLOAD_TYPES as readonly number[]).includes(type) ? (type as UploadType) : null;
}

/** The client's file name as harmless data: no folders, no invisible characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // Controls (line breaks included) go without a trace; then the rule of every single-line text
  // drops invisible and reordering characters.
  const clean = cleanSingleLine(base.replace(CONTROLS, ''));
  return Array.from(clean).slice(0, FILENAME_MAX).join('') || 'file';
}

/** The lower-case extension of a file name without the dot, or '' when it has none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** A new server-generated key; the client's extension is kept only when it is plain. */
export function newUploadKey(type: UploadType, ext: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const safeExt = EXT_PATTERN.test(ext) ? ext : 'bin';
  return `${type}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}.${safeExt}`;
}

export const pathOfKey = (key: string) => `${FILES_PREFIX}${key}`;

/** The key inside a path returned by an upload, or null when the path is not one. */
export function keyOfPath(path: string): string | null {
  if (!path.startsWith(FILES_PREFIX)) return null;
  const key = path.slice(FILES_PREFIX.length);
  return parseUploadKey(key) ? key : null;
}

/** The type folder and extension of a well-formed key; null for anything else (traversal included). */
export function parseUploadKey(key: string): { type: number; ext: string } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match?.[1] || !match[2]) return null;
  return { type: Number(match[1]), ext: match[2] };
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/**
 * Only formats that cannot run script on our origin get their own type; anything else (html, svg…)
 * is served as opaque bytes, to be downloaded, never rendered.
 */
export function contentTypeOf(ext: string): string {
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** How a stored file is sent: its content type, and whether the page shows it or the browser saves it. */
export interface Delivery {
  contentType: string;
  inline: boolean;
  /** The content-disposition header: `inline`, or an attachment under the download name. */
  disposition: string;
}

/**
 * The delivery of a file with extension `ext` from an upload of `type`: images are shown, except
 * project files, which are always downloaded under the name they were uploaded with.
 */
export function deliveryOf(ext: string, type: number, downloadName?: string): Delivery {
  const contentType = contentTypeOf(ext);
  const inline = contentType.startsWith('image/') && type !== UploadType.FILE;
  return { contentType, inline, disposition: inline ? 'inline' : attachmentDisposition(downloadName) };
}
