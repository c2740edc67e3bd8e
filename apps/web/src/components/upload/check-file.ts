import { IMAGE_EXTENSIONS, LIMITS, PAGE_FILE_EXTENSIONS } from '@koma/shared/constants';
import type { MessageKey } from '@koma/shared/i18n';

/**
 * Images: PNG/GIF/JPG/JPEG up to 2 MiB. Page files (a storyboard page): the formats renditions
 * read, PSD and TIFF among them, up to 100 MiB. Other files: up to 100 MiB (docs/files.md).
 */
export type UploadKind = 'image' | 'page' | 'file';

export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const PAGE_FILE_ACCEPT = PAGE_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The client check before an upload: the message key of the problem, or null. */
export function checkFile(file: File, kind: UploadKind): MessageKey | null {
  if (kind === 'image') {
    const ext = extensionOf(file.name);
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'imageType';
    if (file.type && !file.type.startsWith('image/')) return 'imageType';
    if (file.size > LIMITS.imageMaxBytes) return 'imageTooLarge';
    return null;
  }
  if (kind === 'page' && !isPageFileName(file.name)) return 'pageFileType';
  return file.size > LIMITS.fileMaxBytes ? 'fileTooLarge' : null;
}

/** The name is one of a page file renditions read (the server checks the content too). */
export const isPageFileName = (name: string): boolean =>
  (PAGE_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
