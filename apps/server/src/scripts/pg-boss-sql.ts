import PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from '../infra/pg-boss-sql.js';

/**
 * Prints pg-boss's schema as the body of a drizzle migration (docs/jobs.md): its construction
 * statements, or with a version number the upgrade from that version to the installed
 * pg-boss's. pg-boss wraps them in its own transaction and advisory lock; our migrator already
 * runs each migration in one transaction, under its own lock on PostgreSQL, so those lines go and
 * each statement is left on its own (drizzle runs them one at a time: PGlite refuses several
 * statements in one prepared query).
 *
 *   npx drizzle-kit generate --custom --name pg_boss_v<N>   (in apps/server)
 *   npx tsx apps/server/src/scripts/pg-boss-sql.ts [from-version] > apps/server/drizzle/<that file>
 */
const from = process.argv[2];
const plans = from ? PgBoss.getMigrationPlans(JOBS_SCHEMA, from) : PgBoss.getConstructionPlans(JOBS_SCHEMA);

const WRAPPING = /^(BEGIN|COMMIT|SET LOCAL |SELECT pg_advisory_xact_lock\(|SELECT version::int\/)/i;

const statements = splitStatements(plans).filter((s) => !WRAPPING.test(s));
process.stdout.write(`${statements.join(';\n--> statement-breakpoint\n')};\n`);

/** Splits SQL on the semicolons outside quotes and dollar-quoted bodies (pg-boss's functions). */
function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    // A string ('' inside one is a quote and splits it in two strings here, which is harmless).
    if (ch === "'") {
      i = closing(text, "'", i + 1);
      continue;
    }
    const dollar = ch === '$' ? /^\$[A-Za-z_]*\$/.exec(text.slice(i)) : null;
    if (dollar) {
      i = closing(text, dollar[0], i + dollar[0].length);
      continue;
    }
    if (ch === ';') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  out.push(text.slice(start));
  return out.map(tidy).filter((s) => s !== '');
}

/** Where the quote opened before `from` ends: just past its closing mark (the end when none). */
function closing(text: string, mark: string, from: number): number {
  const end = text.indexOf(mark, from);
  return end < 0 ? text.length : end + mark.length;
}

/** pg-boss indents its statements for its own source; the migration reads better flush left. */
function tidy(statement: string): string {
  const lines = statement
    .replace(/^\s*\n/, '')
    .trimEnd()
    .split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines
    .map((l) => l.slice(indent).trimEnd())
    .join('\n')
    .trim();
}
