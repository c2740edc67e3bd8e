import { z } from 'zod';
import { LIMITS } from '../limits.js';

interface DayErrors {
  /** The message when it is missing, null or empty. */
  required: string;
  /** The message for anything else that is not a day that exists from LIMITS.dayMin to dayMax; names the field. */
  invalid: string;
}

/**
 * A calendar day the API takes (docs/api-conventions.md, "Days"): `YYYY-MM-DD`, a day that exists
 * (2026-02-30 is refused, not rolled over) from LIMITS.dayMin to LIMITS.dayMax, so that every day
 * reaching the database is one PostgreSQL and the schedule's arithmetic take. Days of this form
 * compare as strings.
 */
export function day({ required, invalid }: DayErrors) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) })
    .trim()
    .min(1, { error: required })
    .pipe(
      z.iso
        .date({ error: invalid })
        .refine((d) => d >= LIMITS.dayMin && d <= LIMITS.dayMax, { error: invalid }),
    );
}
