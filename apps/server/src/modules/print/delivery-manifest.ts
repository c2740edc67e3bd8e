import { deliveryManifestTexts, type Language } from '@koma/shared';

/** One print page of the delivery as the manifest lists it (docs/print.md, "Delivery"). */
export interface ManifestRow {
  num: number;
  /** Its name in the zip; '' when the page has no final file. */
  file: string;
  /**
   * Which file the figures are of: the file as handed in, the TIFF converted from it, or its page
   * of the print-ready PDF (`file` is then the PDF's name, `sha256` the PDF's).
   */
  describes: 'handedIn' | 'converted' | 'inPdf';
  width: number | null;
  height: number | null;
  dpi: number | null;
  colourMode: string | null;
  bitDepth: number | null;
  /** Of the bytes in the zip, as they went in. */
  sha256: string;
  /** The preflight's findings of the file as handed in, in words, '; '-joined; empty for none. */
  preflight: string[];
}

/**
 * The manifest: each row's figures are those of the file in the zip (`describes` says which), its
 * findings those of the file handed in, every word in the reader's language. CSV (RFC 4180, CRLF)
 * with a byte-order mark: Excel opens UTF-8 CSV without one as Shift_JIS, and a Japanese printer
 * opens it in Excel.
 */
export function manifestCsv(rows: ManifestRow[], chapterNotes: string[], lang: Language): string {
  const t = deliveryManifestTexts(lang);
  const header = [
    t.page,
    t.file,
    t.describes,
    t.width,
    t.height,
    t.dpi,
    t.colourMode,
    t.bitDepth,
    t.sha256,
    t.preflight,
  ];
  const modes = t.colourModes as Record<string, string>;
  const lines = rows.map((r) => [
    String(r.num).padStart(3, '0'),
    r.file,
    r.file ? t[r.describes] : '',
    r.width ?? '',
    r.height ?? '',
    r.dpi ?? '',
    r.colourMode ? (modes[r.colourMode] ?? r.colourMode) : '',
    r.bitDepth ?? '',
    r.sha256,
    r.preflight.length > 0 ? r.preflight.join('; ') : t.ok,
  ]);
  // The chapter's own findings (page count, gaps) on a last line of their own.
  if (chapterNotes.length > 0)
    lines.push([t.chapter, '', '', '', '', '', '', '', '', chapterNotes.join('; ')]);
  return `\uFEFF${[header, ...lines].map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** What a spreadsheet may take for the start of a formula, spaces before it included. */
const FORMULA_START = /^\s*[=+\-@]|^[\t\r]/;

/**
 * A field quoted when it holds a quote, comma or line break. Any of its pieces between commas or
 * semicolons that starts like a formula gets a leading apostrophe, so a spreadsheet shows it
 * instead of running it: Excel splits a CSV on `;` in locales whose list separator it is, and the
 * quotes do not keep a field whole for every reader.
 */
export function csvField(value: string | number): string {
  const safe = String(value)
    .split(/([,;])/)
    .map((piece) => (FORMULA_START.test(piece) ? `'${piece}` : piece))
    .join('');
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
