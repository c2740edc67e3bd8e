import type { Language } from '../enums.js';
import { LIMITS } from '../limits.js';
import { interpolate } from './interpolate.js';
import { SERVER_TEXTS } from './resources.js';

/** What a file Koma makes holds: a chapter's manuscript zip, its delivery zip, its correction sheet. */
export type MadeFileKind = 'pages' | 'delivery' | 'corrections';

export interface MadeFile {
  /** The series title (the project's title, 作品名). */
  series: string;
  /** The chapter's number, as the chapter list shows it (第N話). */
  chapterNum: number;
  kind: MadeFileKind;
  /** A sheet of one page names it. */
  page?: number | undefined;
  /** Without the dot: `zip`, `pdf`. */
  ext: string;
}

/**
 * Characters no Windows or macOS disk takes in a name (`/ \ : * ? " < > |`), control characters,
 * and the filesystems' invisible ones (bidirectional marks could disguise the extension).
 */
const ILLEGAL = /[/\\:*?"<>|\p{Cc}\p{Cf}]/gu;

/** A code point's length in UTF-8. */
const utf8Bytes = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** Keeps whole code points while the UTF-8 bytes fit. */
function cutToBytes(text: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    bytes += utf8Bytes(ch.codePointAt(0) ?? 0);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/** One part of a name: spaces (tabs, new lines) run together, illegal characters as `_`, no dot or space at the ends. */
function safePart(text: string, maxBytes: number): string {
  const cleaned = text.normalize('NFC').replace(/\s+/g, ' ').replace(ILLEGAL, '_');
  return cutToBytes(cleaned.trim(), maxBytes).replace(/^[.\s]+|[.\s]+$/g, '');
}

/**
 * The name of a file Koma makes (docs/files.md, "Names of the files Koma makes", issue 40):
 * 作品名_第N話_種類.ext in the reader's language, e.g. `星降る町の図書館_第3話_赤入れ.pdf`, so two
 * serializations' files never mix in a Downloads folder; safe on every disk.
 */
export function madeFileName(file: MadeFile, lang: Language): string {
  const words = SERVER_TEXTS[lang].statuses.fileNames;
  const parts = [
    safePart(file.series, LIMITS.fileNameSeriesBytes),
    interpolate(words.chapter, { num: file.chapterNum }),
    file.page === undefined ? '' : interpolate(words.page, { num: file.page }),
    words[file.kind],
  ];
  return `${parts.filter((part) => part !== '').join('_')}.${file.ext}`;
}
