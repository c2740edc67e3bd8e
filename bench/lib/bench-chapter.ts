import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChapterStatus, StepStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { type Config, testConfig } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.js';
import { hashPassword } from '../../apps/server/src/modules/accounts/passwords.js';
import { chapters } from '../../apps/server/src/modules/chapters/chapters.table.js';
import { chapterPages } from '../../apps/server/src/modules/pages/pages.table.js';
import { projects } from '../../apps/server/src/modules/projects/projects.table.js';
import { workflowSteps } from '../../apps/server/src/modules/workflow/workflow.table.js';
import { seedPeople } from './seed-people.js';
import { measuredDownload, reportBudget } from './stream-measure.js';

const PASSWORD = 'bench-password';

/**
 * A fresh PGlite database in `dataDir` with one user, the founder of a project whose chapter of
 * `pages` pages is in production: the benches of chapter downloads (zip, correction sheet) add
 * their pages to it.
 */
export async function benchChapter(dataDir: string, pages: number) {
  const config = testConfig({ dataDir, pgliteDir: path.join(dataDir, 'pglite'), databaseUrl: undefined });
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  await seedPeople(db, 1, await hashPassword(PASSWORD));
  const [founder] = await db.select({ id: users.id }).from(users).limit(1);
  if (!founder) throw new Error('no user seeded');
  const [project] = await db
    .insert(projects)
    .values({ userId: founder.id, title: 'ベンチ作品', icon: '', kind: 2, type: 1, content: 'bench' })
    .returning({ id: projects.id });
  const [chapter] = await db
    .insert(chapters)
    .values({
      projectId: project?.id ?? 0,
      title: '第1話',
      pageCount: pages,
      icon: '',
      scriptAt: '2030-01-01',
      checkAt: '2030-01-31',
      status: ChapterStatus.IN_PRODUCTION,
    })
    .returning({ id: chapters.id });
  if (!project || !chapter) throw new Error('seed failed');
  return { config, database, founderId: founder.id, projectId: project.id, chapterId: chapter.id };
}

/** The server in this process on a real socket, and the founder's session. */
export async function serveAsFounder(config: Config, database: Database) {
  const app = await buildApp({ config: { ...config, rateLimitMultiplier: 10_000 }, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await app.inject({
    method: 'POST',
    url: contract.accounts.login.path,
    payload: { username: 'bench1@bench.koma.example', password: PASSWORD },
  });
  return { app, address, token: login.json().data.token as string };
}

type BenchChapter = Awaited<ReturnType<typeof benchChapter>>;

/**
 * The run of a chapter-download bench: seeds in a temporary folder, asks `linkCall` for a signed
 * link `runs` times as the founder and downloads each over HTTP with the server's memory sampled,
 * then prints the runs against the budget (a missed budget fails the process).
 */
export async function benchDownloads(opts: {
  name: string;
  runs: number;
  budget: { extraMemoryMb: number; firstByteMs: number };
  seed: (dataDir: string) => Promise<BenchChapter>;
  linkCall: (chapter: { projectId: number; chapterId: number }) => { url: string; payload: object };
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `koma-${opts.name}-bench-`));
  const { config, database, projectId, chapterId } = await opts.seed(dataDir);
  const { app, address, token } = await serveAsFounder(config, database);
  const rows = [];
  for (let run = 1; run <= opts.runs; run++) {
    const { url, payload } = opts.linkCall({ projectId, chapterId });
    const link = await app.inject({ method: 'POST', url, headers: { token }, payload });
    rows.push({ run, ...(await measuredDownload(`${address}${link.json().data.downloadUrl}`)) });
  }
  const met = reportBudget(rows, opts.budget);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!met) process.exitCode = 1;
}

/** Page `num` of the chapter, finished: its one step done with the file stored under `fileKey`. */
export async function insertFinishedPage(
  db: Database['db'],
  page: { chapterId: number; num: number; ownerUserId: number; fileKey: string },
) {
  const { chapterId, num, ownerUserId, fileKey } = page;
  const [row] = await db
    .insert(chapterPages)
    .values({ chapterId, num, status: 4 })
    .returning({ id: chapterPages.id });
  await db.insert(workflowSteps).values({
    pageId: row?.id ?? 0,
    chapterId,
    sort: 0,
    positionId: 2,
    ownerUserId,
    status: StepStatus.DONE,
    fileKey,
  });
}
