import { z } from 'zod';

// Line breaks and tabs typed or pasted into one line become a space; every other control (C0,
// DEL, C1) and format character (Cf: zero-width, bidirectional marks, overrides and isolates,
// BOM, soft hyphen…) is dropped: none is visible, and some reorder or hide what a name shows.
const SPACING = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * One line of user text as it is stored and compared (docs/accounts.md): spacing controls made
 * spaces, invisible characters removed, composed to NFC, trimmed.
 */
export function cleanSingleLine(raw: string): string {
  return raw.replace(SPACING, ' ').replace(INVISIBLE, '').normalize('NFC').trim();
}

interface SingleLineErrors {
  /** The message when it is missing or nothing visible is left; without it, '' is allowed. */
  required?: string;
  /** The message when it is longer than `max` characters (after cleaning). */
  tooLong?: string;
}

/**
 * A single-line user text field (names, titles): cleaned by cleanSingleLine before the required
 * and length checks, so a text of invisible characters only counts as empty.
 */
export function singleLineText(max: number, errors: SingleLineErrors = {}) {
  const { required, tooLong } = errors;
  const present = required ? z.string().min(1, { error: required }) : z.string();
  return z
    .string(required ? { error: required } : undefined)
    .transform(cleanSingleLine)
    .pipe(present.max(max, tooLong ? { error: tooLong } : undefined));
}
