import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/** What a viewer brings to the match: their profile's sets and answers. */
export interface MatchProfile {
  genres: number[];
  medias: number[];
  creativecap: number[];
  adscartoon: number | null;
  publish: number | null;
}

/**
 * Jaccard(viewer set, column) as a plain expression: the intersection is a sum of `x = any(col)`
 * terms over the viewer's few ids, so no per-row subquery runs. Empty on either side scores 0.
 */
function jaccard(ids: number[], column: PgColumn): SQL {
  if (ids.length === 0) return sql`0::float8`;
  const common = sql.join(
    ids.map((id) => sql`(${id} = any(${column}))::int`),
    sql` + `,
  );
  return sql`(case when cardinality(${column}) = 0 then 0::float8
    else (${common})::float8 / (${ids.length} + cardinality(${column}) - (${common})) end)`;
}

function sameAnswer(value: number | null, column: PgColumn): SQL {
  if (value === null) return sql`0::float8`;
  return sql`(case when ${column} = ${value} then 1::float8 else 0::float8 end)`;
}

/**
 * match(viewer, person) in [0, 1] (DESIGN.md section 5):
 * 0.40 genres + 0.25 medias + 0.15 creation/essay + 0.10 same ad-manga answer + 0.10 same overseas answer.
 */
export function matchScore(viewer: MatchProfile): SQL<number> {
  return sql<number>`(0.40 * ${jaccard(viewer.genres, users.genres)}
    + 0.25 * ${jaccard(viewer.medias, users.medias)}
    + 0.15 * ${jaccard(viewer.creativecap, users.creativecap)}
    + 0.10 * ${sameAnswer(viewer.adscartoon, users.adscartoon)}
    + 0.10 * ${sameAnswer(viewer.publish, users.publish)})`;
}

/** The same formula in TypeScript, for tests that check the SQL against known profiles. */
export function matchOf(a: MatchProfile, b: MatchProfile): number {
  const j = (x: number[], y: number[]) => {
    if (x.length === 0 || y.length === 0) return 0;
    const common = x.filter((v) => y.includes(v)).length;
    return common / (x.length + y.length - common);
  };
  const same = (x: number | null, y: number | null) => (x !== null && x === y ? 1 : 0);
  return (
    0.4 * j(a.genres, b.genres) +
    0.25 * j(a.medias, b.medias) +
    0.15 * j(a.creativecap, b.creativecap) +
    0.1 * same(a.adscartoon, b.adscartoon) +
    0.1 * same(a.publish, b.publish)
  );
}
