/**
 * trial:crash — kill -9 the server at random moments while it stores uploads, replaces storyboard
 * pages, reviews pages and deletes folders; restart it on what it left and check that no partial
 * file is visible, no row points to a missing file, unfinished temp files are gone and every change
 * answered 200 before the kill is there.
 *
 *   npm run trial:crash [-- --trials 200] [--postgres] [--db-check-every 20]
 *
 * PGlite in a temp DATA_DIR by default; --postgres uses a throwaway database on
 * postgres://postgres@127.0.0.1:5432 (TRIAL_DATABASE_URL to name another server). The trials
 * follow each other on one data folder: each restart is the check of the kill before it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contract } from '@koma/shared/contract';
import pg from 'pg';
import { ORPHAN_GRACE_MS } from '../../apps/server/src/modules/uploads/orphans.js';
import { createThrowawayDatabase } from '../../apps/server/src/test/test-app.js';
import { type Child, killNow, startServer } from '../../bench/lib/processes.js';
import {
  Api,
  addChapter,
  assignEditor,
  createProject,
  noisePng,
  ok,
  type Person,
  pageList,
  percentile,
  sha,
  signUp,
  sleep,
  table,
  uploadPage,
} from './lib.js';

const { values: args } = parseArgs({
  options: {
    trials: { type: 'string', default: '200' },
    postgres: { type: 'boolean', default: false },
    'db-check-every': { type: 'string', default: '20' },
    'max-kill-ms': { type: 'string', default: '1500' },
  },
});
const TRIALS = Number(args.trials);
const DB_CHECK_EVERY = args.postgres ? 1 : Number(args['db-check-every']);
const MAX_KILL_MS = Number(args['max-kill-ms']);
const ADMIN_URL = process.env.TRIAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-crash-'));
const filesDir = path.join(dataDir, 'files');
const failures: string[] = [];
const fail = (trial: number, message: string) => {
  failures.push(`trial ${trial}: ${message}`);
  console.error(`✗ trial ${trial}: ${message}`);
};

// --- the database -----------------------------------------------------------------------------

let databaseUrl = '';
let dropDatabase = async () => {};
if (args.postgres) {
  const throwaway = await createThrowawayDatabase(ADMIN_URL);
  databaseUrl = throwaway.url;
  dropDatabase = throwaway.drop;
}

/** Runs queries on the trial's database: PostgreSQL directly, PGlite only while the server is stopped. */
async function withDatabase<T>(use: (query: (sql: string) => Promise<any[]>) => Promise<T>): Promise<T> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await use(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    return await use(async (sql) => (await db.query(sql)).rows);
  } finally {
    await db.close();
  }
}

// --- what the clients were told ------------------------------------------------------------------

/** A storyboard page being re-uploaded: the image last answered 200, and one maybe stored. */
interface UploadedPage {
  id: number;
  acked: string;
  inflight: string | null;
}
/** A page under review: the status last answered 200, and one maybe set. */
interface ReviewedPage {
  id: number;
  acked: number;
  inflight: number | null;
}
/** A folder with its files (sha and size by file name). */
interface Folder {
  name: string;
  id: number | null;
  /** 'making': makeDir sent, no answer; 'deleting': delDir sent, no answer. */
  state: 'making' | 'alive' | 'deleting';
  files: Map<string, { sha: string; size: number }>;
  inflightFile: string | null;
}

let server: (Child & { dataDir: string }) | undefined;
let api: Api;
let founder: Person;
let editor: Person;
let projectId = 0;
const uploadedPages: UploadedPage[] = [];
const reviewedPages: ReviewedPage[] = [];
const folders: Folder[] = [];
const startTimes: number[] = [];
const counts = { uploads: 0, pageUploads: 0, reviews: 0, folderDeletes: 0, filesAdded: 0, lost: 0 };
const orphanCounts: number[] = [];
let dbChecks = 0;
let tempFilesSeen = 0;
/** Unfinished uploads a kill left in the temp folder, before the restart swept them. */
let tempLeftByKills = 0;

async function start() {
  const started = performance.now();
  server = await startServer(databaseUrl, { dataDir, env: { LOG_LEVEL: 'error' } });
  startTimes.push(performance.now() - started);
  api = new Api(server.base, path.join(dataDir, 'mail'));
}

async function stopGracefully() {
  await server?.stop();
}

async function setup() {
  await start();
  founder = await signUp(api, 'creator');
  editor = await signUp(api, 'editor');
  projectId = await createProject(api, founder);
  await assignEditor(api, founder, editor, projectId);
  // Chapter A stays in ネーム作成中: its pages are re-uploaded over and over.
  const a = await addChapter(api, founder, projectId, 3);
  for (const page of await pageList(api, founder, projectId, a)) {
    const png = await noisePng();
    await ok(uploadPage(api, founder, projectId, page.id, png), 'page upload');
    uploadedPages.push({ id: page.id, acked: sha(png), inflight: null });
  }
  // Chapter B is submitted: the editor passes and rejects its pages.
  const b = await addChapter(api, founder, projectId, 2);
  for (const page of await pageList(api, founder, projectId, b))
    await ok(uploadPage(api, founder, projectId, page.id, await noisePng(32)), 'page upload');
  await ok(
    api.post(contract.chapters.submitNames.path, { projectId, chapterId: b }, founder.token),
    'submit',
  );
  for (const page of await pageList(api, editor, projectId, b))
    reviewedPages.push({ id: page.id, acked: page.status, inflight: null });
}

// --- the load a kill interrupts ------------------------------------------------------------------

let folderCounter = 0;

async function pageUploadLoop(page: UploadedPage, stop: { now: boolean }) {
  while (!stop.now) {
    const png = await noisePng(200 + Math.floor(Math.random() * 200));
    page.inflight = sha(png);
    const res = await uploadPage(api, founder, projectId, page.id, png);
    if (res.http !== 200) throw new Error(`page upload: ${res.http} ${res.body.info}`);
    page.acked = sha(png);
    page.inflight = null;
    counts.pageUploads++;
  }
}

async function reviewLoop(page: ReviewedPage, stop: { now: boolean }) {
  while (!stop.now) {
    const checkStatus = Math.random() < 0.5 ? 1 : 2;
    page.inflight = checkStatus === 1 ? 4 : 5;
    const res = await api.post(
      contract.pages.check.path,
      { projectId, pageId: page.id, checkStatus },
      editor.token,
    );
    if (res.http !== 200) throw new Error(`review: ${res.http} ${res.body.info}`);
    page.acked = page.inflight;
    page.inflight = null;
    counts.reviews++;
  }
}

async function findFolderId(name: string): Promise<number | null> {
  const list = await ok(api.post(contract.folders.dirs.path, { projectId }, founder.token), 'folders');
  return (list.list as { id: number; dirname: string }[]).find((d) => d.dirname === name)?.id ?? null;
}

/** Makes a folder, puts two files in it, deletes it; again. */
async function folderLoop(stop: { now: boolean }) {
  while (!stop.now) {
    folderCounter++;
    const folder: Folder = {
      name: `f${process.pid}-${folderCounter}`,
      id: null,
      state: 'making',
      files: new Map(),
      inflightFile: null,
    };
    folders.push(folder);
    await ok(
      api.post(contract.folders.saveDir.path, { projectId, dirName: folder.name }, founder.token),
      'makeDir',
    );
    folder.state = 'alive';
    folder.id = await findFolderId(folder.name);
    for (let i = 0; i < 2 && !stop.now; i++) {
      const data = await noisePng(150 + Math.floor(Math.random() * 250));
      const filename = `${folder.name}-${i}.bin`;
      folder.inflightFile = filename;
      const up = await ok(
        api.upload(contract.uploads.upload.path, { type: '4' }, data, filename, founder.token),
        'upload',
      );
      counts.uploads++;
      const body = { projectId, dirId: folder.id, path: up.path, filename, ext: up.ext, size: up.size };
      await ok(api.post(contract.folders.addFile.path, body, founder.token), 'file add');
      folder.files.set(filename, { sha: sha(data), size: data.length });
      folder.inflightFile = null;
      counts.filesAdded++;
    }
    folder.state = 'deleting';
    await ok(
      api.post(contract.folders.removeDir.path, { projectId, dirId: folder.id }, founder.token),
      'delDir',
    );
    folders.splice(folders.indexOf(folder), 1);
    counts.folderDeletes++;
  }
}

// --- the checks after a restart -----------------------------------------------------------------

async function checkPages(trial: number) {
  for (const page of uploadedPages) {
    const link = await ok(
      api.post(contract.pages.link.path, { projectId, pageId: page.id }, founder.token),
      'link',
    );
    const bytes = await api.bytes(link.downloadUrl);
    const got = bytes ? sha(bytes) : 'missing';
    if (got !== page.acked && got !== page.inflight)
      fail(trial, `page ${page.id} shows ${got}, answered ${page.acked} (in flight ${page.inflight})`);
    else page.acked = got;
    page.inflight = null;
  }
  const byId = new Map<number, number>();
  for (const chapterPage of await pageList(
    api,
    editor,
    projectId,
    await chapterOf(reviewedPages[0]?.id ?? 0),
  ))
    byId.set(chapterPage.id, chapterPage.status);
  for (const page of reviewedPages) {
    const status = byId.get(page.id) ?? -1;
    if (status !== page.acked && status !== page.inflight)
      fail(
        trial,
        `reviewed page ${page.id} is ${status}, answered ${page.acked} (in flight ${page.inflight})`,
      );
    else page.acked = status;
    page.inflight = null;
  }
}

let chapterB = 0;
async function chapterOf(_pageId: number): Promise<number> {
  if (chapterB) return chapterB;
  const list = await ok(api.post(contract.chapters.list.path, { projectId }, founder.token), 'chapters');
  chapterB = (list.list as { id: number }[]).map((c) => c.id).sort((x, y) => x - y)[1] as number;
  return chapterB;
}

async function checkFolders(trial: number) {
  const list = await ok(api.post(contract.folders.dirs.path, { projectId }, founder.token), 'folders');
  const present = new Map((list.list as { id: number; dirname: string }[]).map((d) => [d.dirname, d.id]));
  for (const folder of [...folders]) {
    const id = present.get(folder.name);
    if (id === undefined) {
      if (folder.state === 'alive') fail(trial, `folder ${folder.name} vanished`);
      folders.splice(folders.indexOf(folder), 1);
      continue;
    }
    folder.id = id;
    folder.state = 'alive';
    const files = await ok(
      api.post(contract.folders.files.path, { projectId, dirId: id }, founder.token),
      'files',
    );
    const listed = new Map(
      (files.list as { id: number; filename: string; size: number }[]).map((f) => [f.filename, f]),
    );
    for (const [filename, expected] of folder.files) {
      const file = listed.get(filename);
      if (!file) {
        fail(trial, `file ${filename} answered 200 but is not listed`);
        continue;
      }
      const link = await ok(
        api.post(contract.folders.link.path, { projectId, dirId: id, fileId: file.id }, founder.token),
        'file link',
      );
      const bytes = await api.bytes(link.downloadUrl);
      if (!bytes || sha(bytes) !== expected.sha || file.size !== expected.size)
        fail(
          trial,
          `file ${filename}: ${bytes ? `${bytes.length} bytes ${sha(bytes)}` : 'missing'}, listed ${file.size}`,
        );
    }
    for (const filename of listed.keys())
      if (!folder.files.has(filename) && filename !== folder.inflightFile)
        fail(trial, `file ${filename} listed but never sent`);
    // An add in flight may have landed: from now on it is expected like the others.
    const landed = folder.inflightFile && listed.get(folder.inflightFile);
    if (landed && folder.inflightFile) {
      const link = await ok(
        api.post(contract.folders.link.path, { projectId, dirId: id, fileId: landed.id }, founder.token),
        'file link',
      );
      const bytes = await api.bytes(link.downloadUrl);
      if (!bytes || bytes.length !== landed.size) fail(trial, `file ${folder.inflightFile} landed partial`);
      else folder.files.set(folder.inflightFile, { sha: sha(bytes), size: bytes.length });
    }
    folder.inflightFile = null;
  }
  // Folders left over from a killed loop are deleted now, so the next loops start clean.
  for (const folder of [...folders]) {
    await ok(
      api.post(contract.folders.removeDir.path, { projectId, dirId: folder.id }, founder.token),
      'delDir',
    );
    folders.splice(folders.indexOf(folder), 1);
  }
}

/** Every regular file under the files folder, by key, with its size; temp files apart. */
function filesOnDisk(): { stored: Map<string, number>; temp: string[] } {
  const stored = new Map<string, number>();
  const temp: string[] = [];
  const entries = fs.existsSync(filesDir)
    ? fs.readdirSync(filesDir, { recursive: true, withFileTypes: true })
    : [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const rel = path.relative(filesDir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    if (rel.startsWith('.tmp/')) temp.push(rel);
    else {
      // The server's orphan sweep may remove it between the listing and this look.
      const stats = fs.statSync(path.join(filesDir, rel), { throwIfNoEntry: false });
      if (stats) stored.set(rel, stats.size);
    }
  }
  return { stored, temp };
}

/** Rows against files: every row's file whole, and how many files have no row (orphans). */
async function checkDatabase(trial: number) {
  dbChecks++;
  const { stored } = filesOnDisk();
  await withDatabase(async (query) => {
    const uploads = await query('select key, size from uploads');
    const keys = new Set<string>();
    for (const row of uploads as { key: string; size: string | number }[]) {
      keys.add(row.key);
      const size = stored.get(row.key);
      if (size === undefined) fail(trial, `upload row ${row.key} points to a missing file`);
      else if (size !== Number(row.size))
        fail(trial, `upload ${row.key}: ${size} bytes on disk, row says ${row.size}`);
    }
    const referenced = [
      ...(await query("select file_key as key from chapter_pages where file_key <> ''")),
      ...(await query('select upload_key as key from project_files')),
    ] as { key: string }[];
    for (const { key } of referenced) {
      if (!keys.has(key)) fail(trial, `${key} is referenced but has no upload row`);
      if (!stored.has(key)) fail(trial, `${key} is referenced but its file is missing`);
    }
    const orphans = [...stored.keys()].filter(
      (key) => !keys.has(key) && !keys.has(key.replace(/\.\d+\.webp$/, '')),
    );
    orphanCounts.push(orphans.length);
    // Every file was aged past the grace before the restart: the start's sweep must have taken them.
    if (orphans.length > 0)
      fail(trial, `${orphans.length} files without a row after the sweep: ${orphans[0]}`);
  });
}

// --- the run ------------------------------------------------------------------------------------

const began = performance.now();
const killedAt: number[] = [];
try {
  await setup();
  for (let trial = 1; trial <= TRIALS; trial++) {
    const stop = { now: false };
    const loops = [
      ...uploadedPages.map((p) => pageUploadLoop(p, stop)),
      ...reviewedPages.map((p) => reviewLoop(p, stop)),
      folderLoop(stop),
      folderLoop(stop),
    ].map((loop) =>
      loop.catch((err: Error) => {
        // A request cut by the kill fails on the client; anything else before the kill is a bug.
        if (!stop.now) fail(trial, `before the kill: ${err.message}`);
      }),
    );
    const delay = 30 + Math.floor(Math.random() * MAX_KILL_MS);
    await sleep(delay);
    stop.now = true;
    killedAt.push(delay);
    if (server) await killNow(server);
    await Promise.all(loops);
    const left = filesOnDisk();
    tempLeftByKills += left.temp.length;
    // As if the restart came after the orphan sweep's grace: a file without a row is then an orphan
    // for sure (the grace only protects an upload between its file and its row, and none runs now).
    const aged = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    for (const key of left.stored.keys()) fs.utimesSync(path.join(filesDir, key), aged, aged);
    // The restart: the checks read what the killed server left, through the restarted one.
    await start();
    const { temp } = filesOnDisk();
    tempFilesSeen += temp.length;
    if (temp.length > 0) fail(trial, `temp files left after the restart: ${temp.join(', ')}`);
    await checkPages(trial);
    await checkFolders(trial);
    if (trial % DB_CHECK_EVERY === 0 || trial === TRIALS) {
      // The orphan sweep runs in the background after the start; a moment is plenty for it here.
      await sleep(1_500);
      if (!databaseUrl) await stopGracefully();
      await checkDatabase(trial);
      if (!databaseUrl) await start();
    }
    if (trial % 10 === 0)
      console.log(
        `${trial}/${TRIALS} trials, ${Math.round((performance.now() - began) / 1000)} s, ${failures.length} failures`,
      );
  }
} catch (err) {
  failures.push(`aborted: ${(err as Error).stack ?? err}`);
} finally {
  await server?.stop().catch(() => {});
  await dropDatabase().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\ntrial:crash on ${args.postgres ? 'PostgreSQL' : 'PGlite'}`);
table([
  { figure: 'trials (kill -9 + restart)', value: killedAt.length },
  {
    figure: 'kill moment after load start, ms (min–max)',
    value: `${Math.min(...killedAt)}–${Math.max(...killedAt)}`,
  },
  {
    figure: 'restart to /api/ready, ms p50 / p95 / max',
    value: `${Math.round(percentile(startTimes, 50))} / ${Math.round(percentile(startTimes, 95))} / ${Math.round(Math.max(...startTimes))}`,
  },
  { figure: 'uploads answered 200 (folder files)', value: counts.uploads },
  { figure: 'files registered in folders', value: counts.filesAdded },
  { figure: 'storyboard page re-uploads answered 200', value: counts.pageUploads },
  { figure: 'page reviews answered 200', value: counts.reviews },
  { figure: 'folder deletes answered 200', value: counts.folderDeletes },
  { figure: 'temp files left by the kills', value: tempLeftByKills },
  { figure: 'temp files still there after a restart', value: tempFilesSeen },
  { figure: 'database checks (rows vs files)', value: dbChecks },
  {
    figure: 'files without a row after the start sweep (all checks)',
    value: orphanCounts.reduce((a, b) => a + b, 0),
  },
  { figure: 'total time, s', value: Math.round((performance.now() - began) / 1000) },
  { figure: 'failures', value: failures.length },
]);
if (failures.length > 0) {
  console.log(`\n${failures.slice(0, 20).join('\n')}`);
  process.exit(1);
}
