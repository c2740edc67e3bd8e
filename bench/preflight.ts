/**
 * Preflight budget (issue 31): the preflight of a 200-page chapter in ≤ 2 s, from what the renders
 * stored (docs/print.md, "Preflight").
 *
 *   npm run bench:preflight -- [--pages 200] [--runs 50]
 * Seeds one project in PGlite (a temp folder): a chapter of `pages` pages, each with three steps
 * done, each step's file an upload with a ready rendition (size, colour mode, depth, resolution),
 * every fifth page of the wrong size and in colour; then the project's spec (単行本 B6). Times the
 * whole preflight as the endpoint runs it (the specs read, one query for the pages, the rules).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StepStatus } from '@koma/shared';
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/server/src/config.js';
import { type Db, openDatabase } from '../apps/server/src/db/client.js';
import type { Deps } from '../apps/server/src/lib/deps.js';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.js';
import { createPrintService } from '../apps/server/src/modules/print/print.service.js';
import type { ProjectAccess } from '../apps/server/src/modules/projects/projects.policy.js';
import { seedPeople } from './lib/seed-people.js';
import { summary } from './lib/stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const RUNS = arg('runs', 50);
const STEPS = 3;
const BUDGET_MS = 2_000;

async function seed(db: Db) {
  await seedPeople(db, 2, await hashPassword('bench-password'));
  const { rows } = await db.execute<{ id: number; user: number }>(sql`
    insert into projects (user_id, title, icon, kind, type, content)
    select min(id), 'ベンチ作品', '', 2, 1, 'bench' from users returning id, user_id as "user"`);
  const { id: projectId, user } = rows[0] as { id: number; user: number };
  const chapter = await db.execute<{ id: number }>(sql`
    insert into chapters (project_id, title, page_count, icon, script_at, check_at, status)
    values (${projectId}, '第1話', ${PAGES}, '', current_date, current_date + 30, 3) returning id`);
  const chapterId = chapter.rows[0]?.id as number;
  await db.execute(sql`
    insert into chapter_pages (chapter_id, num, status)
    select ${chapterId}::int, n, 4 from generate_series(1, ${PAGES}::int) n`);
  await db.execute(sql`
    insert into workflow_steps (page_id, chapter_id, sort, position_id, owner_user_id, status, file_key)
    select p.id, p.chapter_id, s, s + 1, ${user}::int, ${StepStatus.DONE}::int, 'bench/' || p.id || '-' || s || '.tif'
    from chapter_pages p, generate_series(0, ${STEPS - 1}::int) s where p.chapter_id = ${chapterId}::int`);
  await db.execute(sql`
    insert into uploads (key, user_id, type, filename, ext, size, attached_at)
    select file_key, ${user}::int, 11, 'page.tif', 'tif', 50000000, now() from workflow_steps
    where chapter_id = ${chapterId}::int`);
  await db.execute(sql`
    insert into page_renditions (upload_id, status, width, height, colour_mode, bit_depth, density)
    select u.id, 'ready',
      case when p.num % 5 = 0 then 3000 else 3165 end, 4441,
      case when p.num % 5 = 0 then 'rgb' else 'mono' end,
      case when p.num % 5 = 0 then 8 else 1 end, 600
    from uploads u join workflow_steps s on s.file_key = u.key join chapter_pages p on p.id = s.page_id
    where s.chapter_id = ${chapterId}::int`);
  await db.execute(sql`
    insert into print_specs (project_id, preset, trim_width_mm, trim_height_mm, bleed_mm, frame_width_mm,
      frame_height_mm, dpi, colour, page_multiple)
    values (${projectId}, 'tankobonB6', 128, 182, 3, 103, 155, 600, 'mono', 4)`);
  return { projectId, chapterId, user };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-preflight-'));
  const config = testConfig({ dataDir, pgliteDir: path.join(dataDir, 'pglite') });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { db } = database;
    const { projectId, chapterId, user } = await seed(db);
    const print = createPrintService({ db } as Deps);
    const access = {
      projectId,
      founderId: user,
      isFounder: true,
      isMember: true,
      positions: [],
    } as unknown as ProjectAccess;
    const first = await print.preflight(access, chapterId);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await print.preflight(access, chapterId);
      times.push(performance.now() - start);
    }
    const result = summary(times);
    console.log(
      `preflight of ${PAGES} pages (${STEPS} steps each): ${first.errors} errors, ${first.warnings} warnings`,
    );
    console.log(`p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms over ${RUNS} runs`);
    const met = result.p95 <= BUDGET_MS;
    console.log(`budget p95 ≤ ${BUDGET_MS} ms: ${met ? 'met' : 'MISSED'}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
