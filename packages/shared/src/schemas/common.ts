import { z } from 'zod';
import { LIMITS } from '../limits.js';
import type { ReferenceEntry } from '../reference.js';

/** The `{status, info, data}` reply every call returns. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), info: z.string(), data });
}
export const emptyEnvelope = envelope(z.null());
export type Envelope<T> = { status: number; info: string; data: T };

/** A multi-select of ids from a reference list; `key` is the message when empty or unknown. */
export function referenceIds(list: readonly ReferenceEntry[], key: string) {
  const known = new Set(list.map((e) => e.id));
  return z
    .array(
      z
        .number({ error: key })
        .int({ error: key })
        .refine((id) => known.has(id), { error: key }),
      { error: key },
    )
    .min(1, { error: key })
    .max(list.length, { error: key })
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));
}

/**
 * A whole number as JSON sends it, or as its decimal digits (a query string's), and nothing else:
 * `z.coerce.number` alone takes null, "", true and false for 0 and 1, so `bufferDays: null` was
 * stored as 0 (issue 30). `rules` is what the number must be (`z.number().int().min(0)…`, with
 * their messages); `error` is the message for anything that is not a number at all.
 */
export function wholeNumber<R extends z.ZodType<number, number>>(rules: R, error = 'invalidValue') {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^-?\d+$/)
          .transform(Number),
      ],
      { error },
    )
    .pipe(rules);
}

/** A row's id: a positive whole number within `LIMITS.idMax`; `error` names the field otherwise. */
export const rowId = (error = 'invalidValue') =>
  wholeNumber(z.number().int({ error }).positive({ error }).max(LIMITS.idMax, { error }), error);
