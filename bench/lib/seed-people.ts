import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

/**
 * Inserts `count` active people in one statement (half creators, half editors) with varied,
 * filled-in matching data. Every bench person logs in with BENCH_PASSWORD.
 */
export async function seedPeople(db: Db, count: number, passwordHash: string): Promise<void> {
  await db.execute(sql`
    insert into users (email, nickname, password_hash, loginattr, status, is_first, creativecap, medias, genres,
                       positions, methods, roles, adscartoon, publish, introduction)
    select
      'bench' || g || '@bench.koma.example',
      '作家' || g,
      ${passwordHash},
      (1 + g % 2)::smallint,
      1, false,
      case when g % 5 = 0 then '{1,2}'::smallint[] when g % 5 = 1 then '{2}'::smallint[] else '{1}'::smallint[] end,
      array_remove(array[(1 + g % 8), case when g % 3 = 0 then 1 + (g / 8) % 8 end]::smallint[], null),
      array(select distinct x from unnest(array[1 + g % 18, 1 + (g * 7) % 18, 1 + (g * 13) % 18]::smallint[]) x order by x),
      case when g % 2 = 1 then array[1 + g % 14]::smallint[] else '{}'::smallint[] end,
      case when g % 2 = 1 then array[1 + g % 2]::smallint[] else '{}'::smallint[] end,
      case when g % 2 = 1 then '{1}'::smallint[] else '{2}'::smallint[] end,
      (1 + g % 2)::smallint,
      (1 + (g / 2) % 2)::smallint,
      '自己PR ' || g
    from generate_series(1, ${count}) as g
    on conflict do nothing`);
  await db.execute(sql`analyze users`);
}
