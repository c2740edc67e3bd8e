import { pipeline, Readable, Transform } from 'node:stream';
import {
  IMAGE_EXTENSIONS,
  IMAGE_UPLOAD_TYPES,
  LIMITS,
  PUBLIC_UPLOAD_TYPES,
  type UploadData,
  UploadType,
} from '@koma/shared';
import type { Db, Executor } from '../../db/client.js';
import type { Storage } from '../../infra/storage.js';
import { AppError, badInput, tooLarge } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { expectHead, expectImageKind, type ImageKind, imageKindOfExtension } from '../../lib/image-magic.js';
import { fileUrlSecret, keyFor, verifySignedUrl } from '../files/signed-url.js';
import { decoderOf, isPageExtension, SIGNATURE_LENGTH } from '../renditions/page-format.js';
import { deleteRenditions } from '../renditions/renditions.service.js';
import { checkImage, makeThumbnail, thumbnailKey } from './thumbnails.js';
import {
  cleanFileName,
  deliveryOf,
  extensionOf,
  keyOfPath,
  newUploadKey,
  parseUploadKey,
  parseUploadType,
  pathOfKey,
} from './upload-names.js';
import { checkUploadQuota } from './upload-quota.js';
import * as repo from './uploads.repository.js';

/** What a caller of upload() may require beyond the type's own rules. */
export interface UploadOptions {
  /**
   * The file must be a PNG/GIF/JPG image of at most 2 MiB, whatever its type allows (a draft page
   * is a type 11 upload, which is any file when a work-flow step commits it).
   */
  image?: boolean;
  /**
   * The file must be one renditions are made of (PNG, JPEG, GIF, WebP, TIFF, PSD, PSB) by its name
   * and its first bytes, of at most 100 MB: a storyboard page takes what page work takes.
   */
  pageFile?: boolean;
}

/** The file part of an upload request, still streaming. */
export interface IncomingFile {
  filename: string;
  stream: Readable;
  /** True when the multipart parser cut the file at its own limit. */
  truncated(): boolean;
}

/** A stored file ready to be sent. */
export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  /** Images are shown in the page; everything else is downloaded. */
  inline: boolean;
  /** Served through a signed link: no shared cache may keep it. */
  private: boolean;
  /** The client's original file name, for the download (project files). */
  downloadName?: string;
}

const isImageType = (type: number) => (IMAGE_UPLOAD_TYPES as readonly number[]).includes(type);
const isImageExtension = (ext: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(ext);

/** The `exp` and `sig` query parameters of a signed download link, when the request had them. */
export interface FileSignature {
  exp?: string;
  sig?: string;
  by?: string;
}

const isPublicType = (type: number) => (PUBLIC_UPLOAD_TYPES as readonly number[]).includes(type);

/**
 * Who may read a stored file: public types everyone; project files, pages and zips only through an
 * unexpired link signed for exactly this key (docs/files.md).
 */
async function mayRead(db: Db, key: string, type: number, signature: FileSignature): Promise<boolean> {
  if (isPublicType(type)) return true;
  if (!signature.exp || !signature.sig) return false;
  const signed = signature.by ? keyFor(key, Number(signature.by)) : key;
  return verifySignedUrl(signed, signature.exp, signature.sig, await fileUrlSecret(db));
}

export function createUploadsService({ db, storage, config }: Deps) {
  const scale = config.rateLimitMultiplier;
  return {
    /** Streams an upload into storage, checking type, format and size on the way; keeps nothing on refusal. */
    async upload(
      userId: number,
      rawType: string | undefined,
      file: IncomingFile,
      options: UploadOptions = {},
    ): Promise<UploadData> {
      const type = parseUploadType(rawType);
      if (!type) throw badInput('uploadTypeInvalid');
      const filename = cleanFileName(file.filename);
      const ext = extensionOf(filename);
      const image = options.image === true || isImageType(type);
      const kind = image ? imageKindOfExtension(ext) : null;
      if (image && !(kind && isImageExtension(ext))) throw badInput('imageType');
      const pageFile = !image && options.pageFile === true;
      if (pageFile && !isPageExtension(ext)) throw badInput('pageFileType');

      // Any other file that will be shown as an image (a handed-in page named .png, say) must start
      // like one too; project files are always downloaded, so their names promise nothing. A page
      // file must start like a format renditions read, whatever its name says (page-format.ts).
      const shownAs = kind ?? (type === UploadType.FILE || pageFile ? null : imageKindOfExtension(ext));
      const expected = expectedHead(shownAs, pageFile);

      // A full quota refuses before a byte is stored; the count is made again with the size.
      await checkUploadQuota(db, userId, type, { files: 1, bytes: 0 }, { scale });
      const key = newUploadKey(type, ext);
      // An image is also kept in memory as it streams (at most 2 MiB): its header is read once stored.
      const copy: Buffer[] = [];
      const checked = expected ? guarded(file.stream, expected) : file.stream;
      const source = kind ? guarded(checked, keepCopy(copy)) : checked;
      const max = image ? LIMITS.imageMaxBytes : LIMITS.fileMaxBytes;
      const tooLargeKey = image ? 'imageTooLarge' : 'fileTooLarge';
      const { size } = await putFromClient(storage, key, source, file.stream, max, tooLargeKey);
      const written = [key];
      try {
        // Belt and braces: a parser limit set below ours would silently shorten the file.
        if (file.truncated()) throw tooLarge(tooLargeKey);
        // Right magic bytes are not enough: a polyglot or a decompression bomb is refused here.
        const header = kind ? await checkImage(Buffer.concat(copy)) : null;
        if (header && type === UploadType.AVATAR) {
          const thumb = await makeThumbnail(Buffer.concat(copy), header);
          written.push(thumbnailKey(key));
          await storage.put(thumbnailKey(key), streamOf(thumb), max, tooLargeKey);
        }
        // Page files are rendered once attached somewhere, not here (attach-uploads.ts).
        await db.transaction(async (tx) => {
          await checkUploadQuota(tx, userId, type, { files: 1, bytes: size }, { lock: true, scale });
          await repo.insertUpload(tx, { key, userId, type, filename, ext, size });
        });
      } catch (err) {
        await Promise.all(written.map((k) => storage.delete(k)));
        throw err;
      }
      return { path: pathOfKey(key), filename, ext, size };
    },

    /**
     * A stored file by key (`thumbnail` asks for the avatar thumbnail), or null when it may not be
     * read; private types need the signature of their link.
     */
    async open(key: string, thumbnail: boolean, signature: FileSignature = {}): Promise<OpenedFile | null> {
      const parsed = parseUploadKey(key);
      if (!parsed || !(await mayRead(db, key, parsed.type, signature))) return null;
      const thumb = thumbnail && parsed.type === UploadType.AVATAR ? thumbnailKey(key) : null;
      const thumbStat = thumb ? await storage.stat(thumb) : null;
      // No thumbnail (an older upload, say): the original still answers.
      const chosen = thumb && thumbStat ? thumb : key;
      const stat = thumbStat ?? (await storage.stat(key));
      // A project file is downloaded under the name it was uploaded with (deliveryOf).
      const projectFile = parsed.type === UploadType.FILE;
      const upload = stat && projectFile ? await repo.findUploadByKey(db, key) : undefined;
      const stream = stat ? await storage.get(chosen) : null;
      if (!stat || !stream) return null;
      const { contentType, inline } = deliveryOf(extensionOf(chosen), parsed.type);
      return {
        stream,
        size: stat.size,
        contentType,
        inline,
        private: !isPublicType(parsed.type),
        downloadName: upload?.filename,
      };
    },
  };
}

/**
 * Checks a path a user is saving into their data (a profile picture, say) and returns its key:
 * '' stays '' (no file); otherwise the path must be one this user uploaded, of an allowed type.
 */
export async function assertOwnUpload(
  db: Executor,
  userId: number,
  path: string,
  allowedTypes: readonly number[],
): Promise<string> {
  if (path === '') return '';
  return (await ownUpload(db, userId, path, allowedTypes)).key;
}

/**
 * The stored upload behind a path, with the name and extension it was uploaded with, when it is
 * this user's own upload of an allowed type (else 400 uploadPathInvalid).
 */
export async function ownUpload(
  db: Executor,
  userId: number,
  path: string,
  allowedTypes: readonly number[],
): Promise<repo.UploadRow> {
  const key = keyOfPath(path);
  const row = key ? await repo.findUploadByKey(db, key) : undefined;
  if (!row || row.userId !== userId || !allowedTypes.includes(row.type)) throw badInput('uploadPathInvalid');
  return row;
}

/**
 * Removes stored originals with their renditions (an avatar's thumbnail among them) once their upload rows are gone for good (after
 * the commit: a rollback must not leave rows pointing at nothing). A failure leaves an orphan for
 * the sweep (orphans.ts), not an error.
 */
export async function discardStored(storage: Storage, keys: string[]): Promise<void> {
  const removals = keys
    .filter(Boolean)
    .flatMap((key) => [
      storage.delete(key),
      storage.delete(thumbnailKey(key)),
      deleteRenditions(storage, key),
    ]);
  await Promise.allSettled(removals);
}

/** What a file's first bytes must be as it streams in, or null when its name promises nothing. */
function expectedHead(shownAs: ImageKind | null, pageFile: boolean): Transform | null {
  if (shownAs) return expectImageKind(shownAs, () => badInput('imageType'));
  if (pageFile)
    return expectHead(
      SIGNATURE_LENGTH,
      (head) => decoderOf(head) !== null,
      () => badInput('pageFileType'),
    );
  return null;
}

/** `source` through `check`, with a failure on either side failing both. */
function guarded(source: Readable, check: NodeJS.ReadWriteStream & Readable): Readable {
  return pipeline(source, check, () => {});
}

/**
 * storage.put, telling a broken request apart from a broken store: when the client's stream failed
 * (malformed multipart, connection dropped) the answer is bad input, not a server error.
 */
async function putFromClient(
  storage: Storage,
  key: string,
  source: Readable,
  client: Readable,
  max: number,
  tooLargeKey: 'imageTooLarge' | 'fileTooLarge',
) {
  let clientFailed = false;
  const onError = () => {
    clientFailed = true;
  };
  client.once('error', onError);
  try {
    return await storage.put(key, source, max, tooLargeKey);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (clientFailed || code === 'ERR_STREAM_PREMATURE_CLOSE') throw badInput();
    throw err;
  } finally {
    client.off('error', onError);
  }
}

/** Passes a stream through unchanged, keeping each chunk in `chunks`. */
function keepCopy(chunks: Buffer[]): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
  });
}

function streamOf(data: Buffer): Readable {
  return Readable.from([data]);
}
