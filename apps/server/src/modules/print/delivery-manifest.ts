import { deliveryManifestTexts, type Language } from '@koma/shared';

/** One print page of the delivery as the manifest lists it (docs/print.md, "Delivery"). */
export interface ManifestRow {
  num: number;
  /** Its name in the zip; '' when the page has no final file. */
  file: string;
  width: number | null;
  height: number | null;
  dpi: number | null;
  colourMode: string | null;
  bitDepth: number | null;
  /** Of the bytes in the zip, as they went in. */
  sha256: string;
  /** The preflight's findings in words, '; '-joined; empty for none. */
  preflight: string[];
}

/**
 * The manifest as CSV (RFC 4180, CRLF), with a byte-order mark: Excel opens UTF-8 CSV without
 * one as Shift_JIS, and a Japanese printer opens it in Excel.
 */
export function manifestCsv(rows: ManifestRow[], chapterNotes: string[], lang: Language): string {
  const t = deliveryManifestTexts(lang);
  const header = [t.page, t.file, t.width, t.height, t.dpi, t.colourMode, t.bitDepth, t.sha256, t.preflight];
  const lines = rows.map((r) => [
    String(r.num).padStart(3, '0'),
    r.file,
    r.width ?? '',
    r.height ?? '',
    r.dpi ?? '',
    r.colourMode ?? '',
    r.bitDepth ?? '',
    r.sha256,
    r.preflight.length > 0 ? r.preflight.join('; ') : t.ok,
  ]);
  // The chapter's own findings (page count, gaps) on a last line of their own.
  if (chapterNotes.length > 0) lines.push([t.chapter, '', '', '', '', '', '', '', chapterNotes.join('; ')]);
  return `\uFEFF${[header, ...lines].map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * A field quoted when it holds a quote, comma or line break; one starting like a formula gets a
 * leading apostrophe, so a spreadsheet shows it instead of running it.
 */
function csvField(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
