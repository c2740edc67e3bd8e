import { badInput } from '../../lib/app-error.js';

const NAME_MAX = 255;

/**
 * The name a folder file is listed under (docs/files.md): the caller chooses only the part before
 * the extension; the extension is always the stored upload's, so a file cannot pass for another
 * kind. Without a wish the upload's own name stays.
 */
export function listedName(upload: { filename: string; ext: string }, wanted: string): string {
  const suffix = upload.ext ? `.${upload.ext}` : '';
  const stem = suffix && wanted.toLowerCase().endsWith(suffix) ? wanted.slice(0, -suffix.length) : wanted;
  if (stem.trim() === '') return upload.filename;
  return (
    Array.from(stem.trimEnd())
      .slice(0, NAME_MAX - suffix.length)
      .join('') + suffix
  );
}

/** An extension the caller claims must be the upload's own (400 fileExtMismatch otherwise). */
export function assertSameExtension(upload: { ext: string }, claimed: string): void {
  const ext = claimed.replace(/^\./, '').toLowerCase();
  if (ext !== '' && ext !== upload.ext) throw badInput('fileExtMismatch');
}
