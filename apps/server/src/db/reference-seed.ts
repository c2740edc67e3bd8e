import { AFFILIATIONS, GENRES, MEDIAS, METHODS, POSITIONS, type ReferenceEntry } from '@koma/shared';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { affiliations, genres, medias, methods, positions } from '../modules/reference/reference.table.js';
import type { Db } from './database-types.js';

const LISTS: [PgTable, readonly ReferenceEntry[]][] = [
  [positions, POSITIONS],
  [medias, MEDIAS],
  [genres, GENRES],
  [methods, METHODS],
  [affiliations, AFFILIATIONS],
];

/** Upserts the fixed reference lists of @koma/shared, so code and database never disagree. */
export async function seedReferenceLists(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [table, entries] of LISTS) {
      const rows = sql.join(
        entries.map((e) => sql`(${e.id}, ${e.ja}, ${e.zh}, ${e.en})`),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${table} (id, ja, zh, en) values ${rows}
            on conflict (id) do update set ja = excluded.ja, zh = excluded.zh, en = excluded.en`,
      );
    }
  });
}
