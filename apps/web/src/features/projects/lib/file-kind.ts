/** Icon kinds of the folder screen (png, jpg, jpeg, zip, doc, docx, pdf, xls, xlsx, txt). */
export type FileKind = 'image' | 'zip' | 'word' | 'pdf' | 'excel' | 'text' | 'other';

const KINDS: Record<string, FileKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  zip: 'zip',
  doc: 'word',
  docx: 'word',
  pdf: 'pdf',
  xls: 'excel',
  xlsx: 'excel',
  txt: 'text',
};

/** The kind of an extension ('png', '.PNG') or, without one, of the file name. */
export function fileKind(ext: string, filename = ''): FileKind {
  const raw = ext || (filename.includes('.') ? (filename.split('.').pop() ?? '') : '');
  return KINDS[raw.replace(/^\./, '').toLowerCase()] ?? 'other';
}

/** Bytes as B / KB / MB / GB with one decimal. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
