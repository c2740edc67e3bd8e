import { z } from 'zod';
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
