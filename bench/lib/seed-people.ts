import { computeRoles, LoginAttr } from '@koma/shared';
import { routeBase, routes } from '@koma/shared/routes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

/** Where the seeded pictures' stored paths point (the signed file links' base). */
const FILES = routeBase(routes.uploads.file);

/**
 * What creators want to do, by (g / 2) % 12. Bench person 2 (the load bench's user) takes the
 * second: main artist, storyboard and screentone, so every dashboard panel has work to do.
 */
const CREATOR_POSITIONS = [
  [2],
  [2, 3, 9],
  [1, 3],
  [6, 7],
  [8, 9],
  [1, 2],
  [5, 6, 9],
  [10, 11],
  [14],
  [13, 4],
  [3, 4, 5],
  [2, 12],
];

/** `case (g / 2) % n when 0 then '{…}' …`: a list of smallint arrays picked by g (numbers only). */
function pick(lists: number[][]) {
  const arms = lists.map((list, i) => `when ${i} then '{${list.join(',')}}'::smallint[]`).join(' ');
  return sql.raw(`case (g / 2) % ${lists.length} ${arms} end`);
}

/**
 * 1 to `most` distinct ids out of 1..`of`, drawn from the bytes of md5(name, g): varied like real
 * choices (thousands of different combinations), the same on every run.
 */
function randomSet(name: string, of: number, most: number) {
  const bytes = `decode(md5('${name}' || g), 'hex')`;
  return sql.raw(`array(select distinct 1 + get_byte(${bytes}, 1 + k) % ${of}
    from generate_series(0, get_byte(${bytes}, 0) % ${most}) k order by 1)::smallint[]`);
}

/**
 * Inserts `count` active people in one statement (even ids creators, odd ids editors) with varied,
 * filled-in profiles: matching data, wanted positions and their roles (as computeRoles derives
 * them), texts and achievements. Every bench person logs in with the given password.
 */
export async function seedPeople(db: Db, count: number, passwordHash: string): Promise<void> {
  const creatorRoles = CREATOR_POSITIONS.map((p) => computeRoles(LoginAttr.CREATOR, p));
  const editorRoles = computeRoles(LoginAttr.EDITOR, []);
  await db.execute(sql`
    insert into users (email, nickname, password_hash, loginattr, status, is_first, creativecap, medias, genres,
                       positions, methods, roles, pic, drawmethod, experience, adscartoon, publish,
                       introduction, cartoon, cartooner, cute, themes, rewards, portfolio, achievements)
    select
      'bench' || g || '@bench.koma.example',
      '作家' || g,
      ${passwordHash},
      (1 + g % 2)::smallint,
      1, false,
      case when g % 5 = 0 then '{1,2}'::smallint[] when g % 5 = 1 then '{2}'::smallint[] else '{1}'::smallint[] end,
      ${randomSet('media', 8, 2)},
      ${randomSet('genre', 18, 4)},
      case when g % 2 = 0 then ${pick(CREATOR_POSITIONS)} else '{}'::smallint[] end,
      case when g % 2 = 0 then array[1 + (g / 2) % 2]::smallint[] else '{}'::smallint[] end,
      case when g % 2 = 0 then ${pick(creatorRoles)} else ${sql.raw(`'{${editorRoles.join(',')}}'::smallint[]`)} end,
      ${sql.raw(`'${FILES}1/2025/01/'`)} || md5('pic' || g) || '.png',
      case when g % 2 = 1 then (1 + (g / 2) % 2)::smallint end,
      case when g % 2 = 0 and g % 3 = 0 then '{1,2}'::smallint[] when g % 2 = 0 then '{1}'::smallint[] else '{}'::smallint[] end,
      (1 + g % 2)::smallint,
      (1 + (g / 2) % 2)::smallint,
      '自己PR ' || g || '。' || repeat('締め切りは守ります。', 1 + g % 5),
      '好きな漫画 ' || (g % 500),
      '好きな漫画家 ' || (g % 300),
      'かわいいと思うもの ' || (g % 50),
      array['テーマ' || (g % 40), 'テーマ' || (g % 17)],
      array['賞' || (g % 30)],
      'https://portfolio.example/' || g,
      jsonb_build_array(jsonb_build_object('type1', 1 + g % 2, 'type2', 1 + (g / 2) % 2, 'type3', 1 + (g / 3) % 2,
        'type4', 4 + g % 2, 'workName', '作品' || g, 'pageNum', 16 + g % 40, 'desc', ''))
    from generate_series(1, ${count}) as g
    on conflict do nothing`);
  await db.execute(sql`analyze users`);
}
