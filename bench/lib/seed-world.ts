import { NoticeKind } from '@koma/shared';
import { routeBase, routes } from '@koma/shared/routes';
import type pg from 'pg';

/** Where the seeded pictures' stored paths point (the signed file links' base). */
const FILES = routeBase(routes.uploads.file);

/** How much to seed. The full set is issue 6's; `--small` divides it by 20 to try the bench out. */
export interface WorldSize {
  people: number;
  projects: number;
  chapters: number;
  notices: number;
}

/**
 * A world of `people` people and about `pages` pages, in the proportions of issue 6's: five
 * chapters a project, ~20 pages a chapter (seedChapters), ten notices a person. The seed's
 * formulas need even counts, at least 12 projects (the bench user works on projects 2–11) and no
 * more projects than people (each founder is one of the first projects/2 creators).
 */
export function scaledWorld(people: number, pages: number): WorldSize {
  const even = (n: number) => 2 * Math.round(n / 2);
  const projects = Math.max(12, even(pages / 100));
  const size = { people: even(people), projects, chapters: 5 * projects, notices: 10 * even(people) };
  if (!(size.people >= projects)) throw new Error(`${people} people are too few for ${pages} pages`);
  return size;
}

export const FULL_WORLD: WorldSize = scaledWorld(100_000, 1_000_000);
export const SMALL_WORLD: WorldSize = scaledWorld(5_000, 50_000);

/** The world the command line asks for: `--small`, `--people N --pages N`, or issue 6's. */
export function worldFromArgs(args: string[]): WorldSize {
  const value = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : undefined;
  };
  const people = value('people');
  const pages = value('pages');
  if (people !== undefined || pages !== undefined)
    return scaledWorld(people ?? FULL_WORLD.people, pages ?? 10 * (people ?? FULL_WORLD.people));
  return args.includes('--small') ? SMALL_WORLD : FULL_WORLD;
}

/** The bench's user: a creator, founder of projects 1 and 1 + projects/2, member of projects 2–11. */
export const BENCH_USER = { id: 2, email: 'bench2@bench.koma.example' } as const;

/** The chapter of project `projectId` in production (the third of each project: see seedChapters). */
export const chapterInProduction = (size: WorldSize, projectId: number) => 2 * size.projects + projectId;

type Step = (label: string, sql: string) => Promise<void>;

/** Runs one statement and records how long it took. */
export function stepper(client: pg.Client, times: Record<string, number>): Step {
  return async (label, sql) => {
    const started = performance.now();
    await client.query(sql);
    times[label] = (times[label] ?? 0) + (performance.now() - started) / 1000;
  };
}

/**
 * Creator and editor ids: people are seeded with even ids creators, odd ids editors
 * (seed-people.ts). `k` is any integer SQL expression; the result spreads over all of them.
 */
const creator = (size: WorldSize, k: string) => `(2 + 2 * ((${k}) % ${size.people / 2}))`;
const editor = (size: WorldSize, k: string) => `(1 + 2 * ((${k}) % ${size.people / 2}))`;
/** The founder of project `p`: each of the first projects/2 creators founds two projects. */
const founder = (size: WorldSize, p: string) => `(2 + 2 * ((${p} - 1) % ${size.projects / 2}))`;
/** Member k (1 main artist, 2 and 3 assistants) of project `p`, and the position they hold. */
const member = (size: WorldSize, p: string, k: number) => creator(size, `${p} * 7919 + ${k * 104_729}`);
const memberPosition = (p: string, k: number) =>
  k === 1 ? '2' : k === 2 ? `(6 + ${p} % 7)` : `(6 + (${p} * 3) % 7)`;

/**
 * Projects (85 % ongoing), their founder, three members and (for 80 %) an editor in charge, and
 * project recruitments (a third ongoing) with their positions and applicants. The bench user
 * founds projects 1 and 1 + projects/2 and works as main artist on projects 2–11.
 */
export async function seedProjects(step: Step, size: WorldSize): Promise<void> {
  const P = size.projects;
  await step(
    'projects',
    `insert into projects (id, user_id, title, icon, kind, type, genres, creativecap, proposals, proposalfile,
                           content, status, created_at, updated_at)
     select p, ${founder(size, 'p')}, '作品' || p, '${FILES}3/2025/01/' || md5('cover' || p) || '.png',
       (1 + p % 2)::smallint, (1 + (p / 2) % 2)::smallint,
       array(select distinct x from unnest(array[1 + p % 18, 1 + (p * 5) % 18]::smallint[]) x order by x),
       (case p % 3 when 0 then '{1}' when 1 then '{2}' else '{1,2}' end)::smallint[],
       case when p % 2 = 1 then '${FILES}4/2025/01/' || md5('proposal' || p) || '.pdf' else '' end,
       case when p % 2 = 1 then '企画書' || p || '.pdf' else '' end,
       'あらすじ ' || p || repeat('。主人公が旅に出て、仲間と出会う', 8),
       case when p % 7 = 0 then 2 else 1 end,
       now() - p * interval '7 minutes', now() - p * interval '3 minutes'
     from generate_series(1, ${P}) p`,
  );
  await step(
    'project members',
    `insert into project_members (project_id, user_id, kind, position_id)
     select p, ${founder(size, 'p')}, 1, 0 from generate_series(1, ${P}) p
     union all
     select p, case k when 1 then ${member(size, 'p', 1)} when 2 then ${member(size, 'p', 2)} else ${member(size, 'p', 3)} end,
       2, case k when 1 then ${memberPosition('p', 1)} when 2 then ${memberPosition('p', 2)} else ${memberPosition('p', 3)} end
     from generate_series(1, ${P}) p, generate_series(1, 3) k
     union all
     select p, ${editor(size, 'p * 31')}, 3, 0 from generate_series(1, ${P}) p where p % 5 <> 0
     union all
     select p, 2, 2, 2 from generate_series(2, 11) p
     on conflict do nothing`,
  );
  await step(
    'recruitments',
    `insert into recruitments (project_id, kind, stime, etime, condition, status)
     select p, 1, current_date - (10 + p % 20), current_date + (5 + p % 30), '週1回の打ち合わせに参加できる方',
       case when p % 3 = 0 and p % 7 <> 0 then 1 else 2 end
     from generate_series(1, ${P}) p where p % 3 <> 2`,
  );
}

/**
 * Chapters (five per project; earlier ones finished, the third in production, the fourth in one
 * of the storyboard states, the fifth being written), ~20 pages each with their draft files, and
 * three work-flow steps per page for chapters in production or finished, in realistic statuses.
 */
export async function seedChapters(step: Step, size: WorldSize): Promise<void> {
  const P = size.projects;
  await step(
    'chapters',
    `insert into chapters (id, project_id, title, page_count, icon, script_at, check_at, status, audit_status)
     select c, p, '第' || (1 + (c - 1) / ${P}) || '話', page_count, icon, script_at, check_at, status,
       case when status = 6 then 10 when status = 3 and c % 20 = 0 then 1 when status = 3 and c % 20 = 1 then -10 end
     from (
       select c, 1 + (c - 1) % ${P} as p, (16 + c % 9)::smallint as page_count,
         '${FILES}3/2025/01/' || md5('chapter' || c) || '.png' as icon,
         current_date + (c % 60 - 20) as script_at, current_date + (c % 60 + 10) as check_at,
         case when (1 + (c - 1) % ${P}) % 7 = 0 then 6
           else case ((c - 1) / ${P}) % 5 when 0 then 6 when 1 then 6 when 2 then 3 when 4 then 1
             else (case c % 4 when 0 then 2 when 1 then 4 when 2 then 5 else 3 end) end
         end as status
       from generate_series(1, ${size.chapters}) c
     ) ch`,
  );
  await step(
    'chapter recruitments',
    `insert into recruitments (project_id, kind, chapter_id, stime, etime, condition, status)
     select c.project_id, 2, c.id, current_date - 5, current_date + (10 + c.id % 20), '', 1
     from chapters c join projects p on p.id = c.project_id
     where p.status = 1 and c.status in (2, 3) and c.id % 4 = 0`,
  );
  await step(
    'chapter pages',
    `insert into chapter_pages (chapter_id, num, file_key, status, uploaded_by, created_at, updated_at)
     select c.id, n,
       case when c.status = 1 and n % 2 = 0 then '' else '11/2025/01/' || md5(c.id || '-' || n) || '.png' end,
       case c.status when 1 then (case when n % 2 = 0 then 0 else 3 end) when 4 then 3
         when 5 then (case n % 3 when 0 then 5 when 1 then 6 else 4 end) else 4 end,
       ${founder(size, 'c.project_id')}, now() - interval '30 days', now() - (n * interval '1 hour')
     from chapters c, generate_series(1, c.page_count) n
     order by c.id, n`,
  );
  const p = 'pg.project_id';
  await step(
    'workflow steps',
    `insert into workflow_steps (page_id, chapter_id, sort, position_id, owner_user_id, status, file_key, created_at, updated_at)
     select id, chapter_id, s, position_id, owner, status,
       case when status in (5, 10) then '11/2025/02/' || md5(id || '-' || s) || '.png' else '' end,
       now() - interval '20 days', now() - ((id % 5000) * interval '1 minute')
     from (
       select pg.id, pg.chapter_id, s,
         case s when 0 then ${memberPosition(p, 2)} when 1 then ${memberPosition(p, 3)} else 2 end as position_id,
         case s when 0 then ${member(size, p, 2)} when 1 then ${member(size, p, 3)} else ${member(size, p, 1)} end as owner,
         case when progress = 4 then 10 when s < progress - 1 then 10
           when s = progress - 1 then (case progress when 1 then 1 when 2 then 5 else -10 end) else 0 end as status
       from (
         select pg.*, c.project_id,
           case when c.status = 6 or c.audit_status = 1 then 4 else (pg.num + c.id) % 5 end as progress
         from chapters c join chapter_pages pg on pg.chapter_id = c.id
         where c.status in (3, 6)
       ) pg, generate_series(0, 2) s
     ) st`,
  );
  // The bench user takes the first step and, as main artist, the last one in projects 2–11.
  await step(
    'workflow steps',
    `update workflow_steps set owner_user_id = 2
     where sort in (0, 2) and chapter_id in (select id from chapters where project_id between 2 and 11)`,
  );
}

/** Positions of every recruitment, applicants to the ongoing ones, and the bench user's own applications. */
export async function seedApplications(step: Step, size: WorldSize): Promise<void> {
  // Project recruitments look for planning and drawing positions, chapter ones for assistants.
  const pos = (k: number) =>
    `case r.kind when 1 then (array[1, 2, 3, 4, 5, 13])[1 + (r.id * ${k * 7}) % 6]
       else (array[6, 7, 8, 9, 10, 11, 12, 14])[1 + (r.id * ${k * 7}) % 8] end`;
  await step(
    'recruitment positions',
    `insert into recruitment_positions (recruitment_id, position_id, num)
     select r.id, ${pos(1)}, 1 + r.id % 3 from recruitments r
     union all select r.id, ${pos(2)}, 1 from recruitments r where r.id % 3 >= 1
     union all select r.id, ${pos(3)}, 2 from recruitments r where r.id % 3 = 2
     on conflict do nothing`,
  );
  await step(
    'applications',
    `insert into applications (recruitment_id, project_id, user_id, position_id, message, status)
     select r.id, r.project_id, ${creator(size, 'r.id * 131 + k * 7877')}, ${pos(1)}, 'よろしくお願いします',
       case (r.id + k) % 4 when 0 then 10 when 1 then -10 else 0 end
     from recruitments r, generate_series(1, 3) k where r.status = 1
     union all
     select r.id, r.project_id, ${creator(size, 'r.id * 131 + k * 7877')}, ${pos(1)}, '参加したいです', 0
     from recruitments r join projects p on p.id = r.project_id, generate_series(4, 23) k
     where r.status = 1 and p.user_id = 2
     union all
     select r.id, r.project_id, 2, ${pos(1)}, '応募します', (array[0, 10, -10])[1 + r.id % 3]
     from (select r.* from recruitments r join projects p on p.id = r.project_id
           where r.status = 1 and r.kind = 1 and p.user_id <> 2 order by r.id limit 30) r
     on conflict do nothing`,
  );
  await step(
    'editor invitations',
    `insert into editor_invitations (project_id, editor_id, status)
     select p, ${editor(size, 'p * 37')}, 0 from generate_series(5, ${size.projects}, 5) p`,
  );
}

const NOTICE_KINDS = Object.values(NoticeKind);

/**
 * Notices: one in 500 to the bench user (a busy founder: 2,000 of a million), one in 20 to the
 * thousand most active creators, the rest spread over everyone; four in five read.
 */
export async function seedNotices(step: Step, size: WorldSize): Promise<void> {
  const N = size.notices;
  const kinds = `array[${NOTICE_KINDS.map((k) => `'${k}'`).join(',')}]`;
  await step(
    'notices',
    `insert into notices (user_id, kind, params, created_at, read_at)
     select case when g % 500 = 1 then 2 when g % 20 = 0 then ${creator(size, 'g % 1000')}
         else 1 + (g * 7919) % ${size.people} end,
       (${kinds})[1 + g % ${NOTICE_KINDS.length}],
       jsonb_build_object('nickname', '作家' || (1 + g % ${size.people}), 'project', '作品' || (1 + g % ${size.projects}),
         'chapter', '第' || (1 + g % 5) || '話', 'page', 1 + g % 20, 'posId', 1 + g % 14),
       now() - (${N} - g) * interval '2 seconds',
       case when g % 5 = 0 then null else now() - (${N} - g) * interval '2 seconds' + interval '1 hour' end
     from generate_series(1::bigint, ${N}) g`,
  );
}

/** Pairings and friendships: the bench user's (30 pairings, 60 friends), then about one per person. */
export async function seedRelations(step: Step, size: WorldSize): Promise<void> {
  await step(
    'pairs',
    `insert into pairs (from_user_id, to_user_id, state, message)
     select case when k % 3 = 0 then ${editor(size, 'k * 97')} else 2 end,
       case when k % 3 = 0 then 2 else ${editor(size, 'k * 97')} end,
       case k % 3 when 0 then 2 when 1 then 3 else 4 end, 'ご一緒できませんか'
     from generate_series(1, 30) k
     union all
     select ${creator(size, 'g * 7919')}, ${editor(size, 'g * 104729 + 13')}, 2 + g % 3, 'よろしくお願いします'
     from generate_series(1::bigint, ${size.people / 2}) g
     on conflict do nothing`,
  );
  await step(
    'friendships',
    `with pairs_of_friends as (
       select 2 as a, ${member(size, '1', 1)} as b union select 2, ${member(size, '1', 2)}
       union select 2, ${editor(size, '31')}
       union select 2, ${creator(size, 'k * 613 + 5')} from generate_series(1, 57) k
       union select 1 + (g * 7919) % ${size.people}, 1 + (g * 104729 + 7) % ${size.people}
       from generate_series(1::bigint, ${size.people}) g
     )
     insert into friendships (user_id, friend_id)
     select a, b from pairs_of_friends where a <> b
     union select b, a from pairs_of_friends where a <> b
     on conflict do nothing`,
  );
}

/** Serial columns continue after the explicit ids. */
export async function fixSequences(step: Step): Promise<void> {
  for (const table of ['projects', 'chapters']) {
    await step(
      'sequences',
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`,
    );
  }
}
