/**
 * Manuscript zip budget (issue: production): a 200-page chapter of 2 MB pages streams with under
 * 64 MB of extra server memory and its first byte within 300 ms.
 *
 *   npm run bench:zip -- [--pages 200] [--mb 2] [--runs 3]
 * (node --expose-gc, so each run starts from a collected heap)
 * The server runs in this process (PGlite, local disk), listening on a real socket; the client
 * reads the zip over HTTP and throws the bytes away, so the memory measured is the server's.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ChapterStatus, StepStatus, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createStorage } from '../apps/server/src/infra/storage.js';
import { users } from '../apps/server/src/modules/accounts/accounts.table.js';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.js';
import { chapters } from '../apps/server/src/modules/chapters/chapters.table.js';
import { chapterPages } from '../apps/server/src/modules/pages/pages.table.js';
import { projects } from '../apps/server/src/modules/projects/projects.table.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { workflowSteps } from '../apps/server/src/modules/workflow/workflow.table.js';
import { seedPeople } from './lib/seed-people.js';
import { measuredDownload, reportBudget } from './lib/stream-measure.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const PAGE_BYTES = arg('mb', 2) * 1024 * 1024;
const RUNS = arg('runs', 3);
const BUDGET = { extraMemoryMb: 64, firstByteMs: 300 };
const PASSWORD = 'bench-password';
const MB = 1024 * 1024;

/** Random bytes, a chunk at a time: nothing along the way can shrink them, and seeding stays small. */
function* randomChunks(size: number): Generator<Buffer> {
  const chunk = 64 * 1024;
  for (let left = size; left > 0; left -= chunk) yield randomBytes(Math.min(chunk, left));
}

async function seedChapter(dataDir: string) {
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
      pageCount: PAGES,
      icon: '',
      scriptAt: '2030-01-01',
      checkAt: '2030-01-31',
      status: ChapterStatus.IN_PRODUCTION,
    })
    .returning({ id: chapters.id });
  if (!project || !chapter) throw new Error('seed failed');

  const storage = createStorage(config);
  const started = Date.now();
  for (let num = 1; num <= PAGES; num++) {
    const key = newUploadKey(UploadType.PAGE, 'png');
    // Random bytes: nothing along the way can shrink them.
    await storage.put(key, Readable.from(randomChunks(PAGE_BYTES)), PAGE_BYTES);
    const [page] = await db
      .insert(chapterPages)
      .values({ chapterId: chapter.id, num, status: 4 })
      .returning({ id: chapterPages.id });
    await db.insert(workflowSteps).values({
      pageId: page?.id ?? 0,
      chapterId: chapter.id,
      sort: 0,
      positionId: 2,
      ownerUserId: founder.id,
      status: StepStatus.DONE,
      fileKey: key,
    });
  }
  console.log(
    `seeded ${PAGES} pages of ${PAGE_BYTES / MB} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { config, database, projectId: project.id, chapterId: chapter.id };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-zip-bench-'));
  const { config, database, projectId, chapterId } = await seedChapter(dataDir);
  const app = await buildApp({ config: { ...config, rateLimitMultiplier: 10_000 }, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await app.inject({
    method: 'POST',
    url: contract.accounts.login.path,
    payload: { username: 'bench1@bench.koma.example', password: PASSWORD },
  });
  const token = login.json().data.token as string;

  const rows = [];
  for (let run = 1; run <= RUNS; run++) {
    const link = await app.inject({
      method: 'POST',
      url: contract.workflow.downloadZip.path,
      headers: { token },
      payload: { projectId, chapterId, link: true },
    });
    const url = `${address}${link.json().data.downloadUrl}`;
    rows.push({ run, ...(await measuredDownload(url)) });
  }
  const met = reportBudget(rows, BUDGET);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!met) process.exitCode = 1;
}

await main();
