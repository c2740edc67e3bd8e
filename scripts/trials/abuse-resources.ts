/**
 * trial:abuse's attacks on memory, time and disk (issue 39, attacks 1, 2, 4 and 6): each from a
 * freshly signed-up account. They return nothing: the budgets are judged on what the watch saw
 * (abuse.ts), and what each must end as is reported through `ctx.fail` and `ctx.note`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import pg from 'pg';
import { keyOfPath } from '../../apps/server/src/modules/uploads/upload-names.js';
import {
  clipManyLayerNames,
  clipReusedBlocks,
  clipRunawayView,
  progressiveJpeg,
  randomFile,
} from './abuse-bombs.js';
import { type Ctx, fileBlob } from './abuse-world.js';
import { addChapter, createProject, noisePng, type Person, pageList, signUp, sleep } from './lib.js';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** How the answers of parallel calls went: `200×11 503×1`. */
export const tally = (codes: (number | string)[]) =>
  Object.entries(
    codes.reduce<Record<string, number>>((all, c) => {
      all[c] = (all[c] ?? 0) + 1;
      return all;
    }, {}),
  )
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');

/** A founder's own project with a chapter of `pages` storyboard pages: what attacks 1 and 6 hand their files in to. */
async function ownStoryboard(ctx: Ctx, pages: number) {
  const who = await signUp(ctx.api, 'creator');
  const projectId = await createProject(ctx.api, who);
  const chapterId = await addChapter(ctx.api, who, projectId, pages);
  const list = await pageList(ctx.api, who, projectId, chapterId);
  return { who, projectId, chapterId, pageIds: list.map((p) => p.id) };
}

type Storyboard = Awaited<ReturnType<typeof ownStoryboard>>;

function uploadPageFile(ctx: Ctx, s: Storyboard, index: number, file: Blob, name: string) {
  const fields = { projectId: String(s.projectId), pageId: String(s.pageIds[index]) };
  return ctx.api.upload(contract.pages.upload.path, fields, file, name, s.who.token);
}

/** The storyboard pages' rendition statuses (page/getList), or null when the call failed. */
async function storyboardStatuses(ctx: Ctx, s: Storyboard): Promise<string[] | null> {
  const res = await ctx.api.post(
    contract.pages.list.path,
    { projectId: s.projectId, chapterId: s.chapterId },
    s.who.token,
  );
  if (res.http !== 200) return null;
  return (res.body.data.list as { renditions: { status: string } | null }[]).map(
    (p) => p.renditions?.status ?? 'none',
  );
}

/** Waits until page `index` is no longer pending: its status and the seconds it took, or 'pending' past `waitMs`. */
async function settled(ctx: Ctx, s: Storyboard, index: number, since: number, waitMs: number) {
  while (performance.now() - since < waitMs) {
    const status = (await storyboardStatuses(ctx, s).catch(() => null))?.[index];
    if (status && status !== 'pending') return { status, s: (performance.now() - since) / 1000 };
    if (!ctx.server.alive()) return { status: 'server gone', s: (performance.now() - since) / 1000 };
    await sleep(1_000);
  }
  return { status: 'pending', s: waitMs / 1000 };
}

/** 1: a `.clip` page listing 150,000 layers of 100 characters, then 12 parallel reads of the page list. */
export async function clipLayers(ctx: Ctx) {
  const bomb = await clipManyLayerNames();
  const s = await ownStoryboard(ctx, 1);
  const up = await uploadPageFile(ctx, s, 0, await fileBlob(ctx, 'layers.clip', bomb), 'layers.clip');
  const since = performance.now();
  const end = up.http === 200 ? await settled(ctx, s, 0, since, 120_000) : { status: 'not uploaded', s: 0 };
  ctx.note(
    `.clip ${mb(bomb.length)} MB: upload ${up.http}; rendition ${end.status} after ${end.s.toFixed(1)} s`,
  );
  const reads = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const sent = performance.now();
      try {
        const res = await fetch(`${ctx.api.base}${contract.pages.list.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...ctx.api.headersOf(s.who.token) },
          body: JSON.stringify({ projectId: s.projectId, chapterId: s.chapterId }),
          signal: AbortSignal.timeout(120_000),
        });
        const bytes = (await res.arrayBuffer()).byteLength;
        return { code: res.status as number | string, bytes, ms: performance.now() - sent };
      } catch (err) {
        return { code: (err as Error).name, bytes: 0, ms: performance.now() - sent };
      }
    }),
  );
  const largest = Math.max(...reads.map((r) => r.bytes));
  const slowest = Math.max(...reads.map((r) => r.ms));
  ctx.note(
    `12 page/getList: ${tally(reads.map((r) => r.code))}; largest reply ${mb(largest)} MB; slowest ${Math.round(slowest)} ms`,
  );
}

/** 2: 8 parallel avatar uploads of a progressive 7000 × 7000 JPEG. */
export async function avatars(ctx: Ctx) {
  const jpeg = await progressiveJpeg();
  const who = await signUp(ctx.api, 'creator');
  const file = await fileBlob(ctx, 'avatar.jpg', jpeg);
  const answers = await Promise.all(
    Array.from({ length: 8 }, () =>
      ctx.api.upload(contract.uploads.upload.path, { type: '1' }, file, 'avatar.jpg', who.token).then(
        (a) => a.http as number | string,
        (err: Error) => err.name,
      ),
    ),
  );
  // Whatever the uploads started (thumbnails) has a few seconds to show in the watch.
  await sleep(5_000);
  ctx.note(
    `JPEG 7000 × 7000 progressive, ${Math.round(jpeg.length / 1024)} KB; 8 uploads: ${tally(answers)}`,
  );
}

/** 4: 12 × 100 MiB folder files and 250 avatars from an account in no project; then the sweeps. */
export async function strayFiles(ctx: Ctx) {
  const who = await signUp(ctx.api, 'creator');
  const big = await fs.openAsBlob(randomFile(path.join(ctx.tmpDir, 'folder-file.bin'), 100 * MB));
  const keys: string[] = [];
  const upload = async (type: string, file: Blob, name: string) => {
    const a = await ctx.api
      .upload(contract.uploads.upload.path, { type }, file, name, who.token)
      .catch((err: Error) => ({ http: err.name, body: { data: null } }) as const);
    if (a.http === 200) keys.push(keyOfPath(a.body.data.path as string) ?? '');
    return a.http as number | string;
  };
  const folder = await Promise.all(Array.from({ length: 12 }, () => upload('4', big, 'folder-file.bin')));
  fs.rmSync(path.join(ctx.tmpDir, 'folder-file.bin'), { force: true });
  const avatarCodes: (number | string)[] = [];
  const png = await fileBlob(ctx, 'small-avatar.png', await noisePng(64));
  for (let i = 0; i < 250; i += 10)
    avatarCodes.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => upload('1', png, 'avatar.png')))),
    );
  ctx.note(`12 folder files of 100 MiB: ${tally(folder)}; 250 avatars: ${tally(avatarCodes)}`);
  await sweepAndCount(ctx, who, keys);
}

/**
 * Ages the account's uploads (rows and files) by 30 days, as if the sweeps came later, asks every
 * `sweep-*` job of the queue at once, and waits up to a minute for nothing unattached to stay.
 */
async function sweepAndCount(ctx: Ctx, who: Person, keys: string[]) {
  const onDisk = () => keys.filter((k) => k && fs.existsSync(path.join(ctx.dataDir, 'files', k))).length;
  if (!ctx.databaseUrl) {
    ctx.note(
      `on PGlite the sweep is not asked for (the database is the server's alone): ${onDisk()} files stored`,
    );
    return;
  }
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    await client.query(`update uploads set created_at = created_at - interval '30 days' where user_id = $1`, [
      who.id,
    ]);
    const old = new Date(Date.now() - 30 * 86_400_000);
    for (const key of keys) fs.utimesSync(path.join(ctx.dataDir, 'files', key), old, old);
    const queues = await client.query<{ name: string }>(
      `select name from pgboss.queue where name like 'sweep-%'`,
    );
    const jobIds: string[] = [];
    for (const { name } of queues.rows) {
      const sent = await client.query<{ id: string }>(
        `insert into pgboss.job (name, data) values ($1, '{}') returning id`,
        [name],
      );
      jobIds.push(...sent.rows.map((r) => r.id));
    }
    const unattached = async () =>
      Number(
        (
          await client.query(
            `select count(*)::int as n from uploads where user_id = $1 and attached_at is null`,
            [who.id],
          )
        ).rows[0]?.n,
      );
    const jobStates = () =>
      client.query<{ name: string; state: string }>(
        'select name, state from pgboss.job where id = any($1::uuid[]) order by name',
        [jobIds],
      );
    // Until nothing stays, or every sweep asked for has run (a minute at most).
    const since = performance.now();
    let rows = await unattached();
    let jobs = await jobStates();
    const over = () => jobs.rows.every((j) => ['completed', 'failed', 'cancelled'].includes(j.state));
    while ((rows > 0 || onDisk() > 0) && !over() && performance.now() - since < 60_000) {
      await sleep(2_000);
      [rows, jobs] = [await unattached(), await jobStates()];
    }
    const files = onDisk();
    ctx.note(`sweep jobs: ${jobs.rows.map((j) => `${j.name} ${j.state}`).join(', ')}`);
    ctx.note(
      `sweeps asked (${queues.rows.map((q) => q.name).join(', ')}): after ${Math.round((performance.now() - since) / 1000)} s, ` +
        `${rows} unattached upload rows and ${files} of the ${keys.length} stored files stay`,
    );
    if (rows > 0 || files > 0) ctx.fail(`${rows} unattached uploads and ${files} files stay after the sweep`);
  } finally {
    await client.end();
  }
}

/** Seconds a `.clip` may hold a render slot (the issue: "not long"); a normal page takes 1–2 s. */
export const SLOT_HOLD_S = 30;

/** 6: a runaway SQLite view and 3,000 layers over the same blocks, handed in at once. */
export async function clipSlots(ctx: Ctx) {
  const [runaway, reused] = await Promise.all([clipRunawayView(), clipReusedBlocks()]);
  const s = await ownStoryboard(ctx, 2);
  const files = [
    { name: 'runaway.clip', bytes: runaway },
    { name: 'reused.clip', bytes: reused },
  ];
  const since = performance.now();
  const ups = await Promise.all(
    files.map(async (f, i) => uploadPageFile(ctx, s, i, await fileBlob(ctx, f.name, f.bytes), f.name)),
  );
  const ends = await Promise.all(files.map((_, i) => settled(ctx, s, i, since, (SLOT_HOLD_S + 30) * 1000)));
  for (const [i, f] of files.entries()) {
    const end = ends[i] as { status: string; s: number };
    ctx.note(
      `${f.name} ${mb(f.bytes.length)} MB: upload ${ups[i]?.http}; ${end.status} after ${end.s.toFixed(1)} s`,
    );
    if (ups[i]?.http === 200 && (end.status === 'pending' || end.s > SLOT_HOLD_S))
      ctx.fail(
        `${f.name} held a render slot ${end.status === 'pending' ? 'over' : ''} ${end.s.toFixed(0)} s (limit ${SLOT_HOLD_S} s)`,
      );
  }
}
