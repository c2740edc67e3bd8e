/**
 * trial:render-crash — kill -9 the server while it renders a 52 MP page (issue 13): restart it on
 * what it left and check that the job is offered again and finishes, that the rendition is whole
 * (descriptor, every tile of every level, each one decodable at its size) and that no temp file or
 * render work folder is left.
 *
 *   npm run trial:render-crash [-- --rounds 2]
 *
 * The rounds alternate between two kill moments: while libvips writes the tile pyramid into the
 * render's work folder (some ms after the page shows stage `tiles`), and while the tiles are being
 * stored (some of them under the page's rendition folder, not yet the descriptor). PGlite in a
 * temp DATA_DIR; the server's TMPDIR is a folder of the trial's own, so its work folders are
 * counted alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { B4_600DPI, lineArtPage } from '../../bench/lib/line-art.js';

const { width: WIDTH, height: HEIGHT } = B4_600DPI;

import { type Child, killNow, startServer } from '../../bench/lib/processes.js';
import {
  Api,
  commitFile,
  type PageIds,
  type Person,
  productionChapter,
  revisionOf,
  sleep,
  startStep,
  type Team,
  table,
} from './lib.js';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '2' } } });
const ROUNDS = Number(args.rounds);
const MOMENTS = ['tiles being made', 'tiles being stored'] as const;
type Moment = (typeof MOMENTS)[number];
/** How long a render may take after the restart (the retry waits 5–10 s first; a busy machine). */
const FINISH_MS = 180_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-render-crash-'));
const tmpDir = path.join(dataDir, 'tmp');
fs.mkdirSync(tmpDir);
const filesDir = path.join(dataDir, 'files');
const failures: string[] = [];
const fail = (round: number, message: string) => {
  failures.push(`round ${round}: ${message}`);
  console.error(`✗ round ${round}: ${message}`);
};

let server: (Child & { dataDir: string }) | undefined;
let api = new Api('', '');

async function start(): Promise<number> {
  const started = performance.now();
  server = await startServer('', { dataDir, env: { LOG_LEVEL: 'warn', TMPDIR: tmpDir } });
  api = new Api(server.base, path.join(dataDir, 'mail'));
  return Math.round(performance.now() - started);
}

/** The artist starts the page's step and hands in the page file (its render starts) as its work. */
async function handIn(team: Team, ids: PageIds) {
  const workflowStepId = await startStep(api, team, ids);
  await commitFile(api, team.artist, ids.projectId, workflowStepId, page, 'page.png');
}

const renderFolders = () => fs.readdirSync(tmpDir).filter((n) => n.startsWith('koma-render-'));
const partFiles = () => {
  const tmp = path.join(filesDir, '.tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0;
};
const storedTiles = (key: string) => {
  const root = path.join(filesDir, `${key}.r`, 'tiles_files');
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true }).filter((n) => String(n).endsWith('.webp')).length;
};

/** Waits for the kill moment; false when the render ended first. */
async function reachMoment(moment: Moment, who: Person, ids: PageIds): Promise<boolean> {
  const deadline = Date.now() + FINISH_MS;
  while (Date.now() < deadline) {
    const { renditions: r, key } = await revisionOf(api, who, ids);
    if (r.status !== 'pending') return false;
    if (r.stage === 'tiles') {
      if (moment === 'tiles being made') {
        await sleep(Math.floor(Math.random() * 1500));
        return true;
      }
      const dzi = path.join(filesDir, `${key}.r`, 'tiles.dzi');
      if (storedTiles(key) > 0 && !fs.existsSync(dzi)) return true;
    }
    await sleep(moment === 'tiles being stored' ? 5 : 50);
  }
  return false;
}

/** Every tile of every level the descriptor names is stored and decodes at its size; nothing else is. */
async function checkTiles(round: number, key: string): Promise<number> {
  const folder = path.join(filesDir, `${key}.r`);
  const xml = fs.readFileSync(path.join(folder, 'tiles.dzi'), 'utf8');
  const attribute = (name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(xml)?.[1]);
  const [size, overlap, width, height] = ['TileSize', 'Overlap', 'Width', 'Height'].map(attribute) as [
    number,
    number,
    number,
    number,
  ];
  if (width !== WIDTH || height !== HEIGHT) fail(round, `descriptor says ${width} × ${height}`);
  const expected = new Set<string>();
  const deepest = Math.ceil(Math.log2(Math.max(width, height)));
  for (let level = deepest; level >= 0; level--) {
    const scale = 2 ** (deepest - level);
    const [w, h] = [Math.ceil(width / scale), Math.ceil(height / scale)];
    const [columns, rows] = [Math.ceil(w / size), Math.ceil(h / size)];
    for (let c = 0; c < columns; c++)
      for (let r = 0; r < rows; r++) {
        const name = `${level}/${c}_${r}.webp`;
        expected.add(name);
        const file = path.join(folder, 'tiles_files', name);
        const edge = (i: number, count: number, total: number) =>
          Math.min(size, total - i * size) + (i > 0 ? overlap : 0) + (i < count - 1 ? overlap : 0);
        const meta = await sharp(file)
          .metadata()
          .catch(() => null);
        if (!meta) fail(round, `tile ${name} missing or not decodable`);
        else if (meta.width !== edge(c, columns, w) || meta.height !== edge(r, rows, h))
          fail(round, `tile ${name} is ${meta.width} × ${meta.height}`);
      }
  }
  const stored = fs
    .readdirSync(path.join(folder, 'tiles_files'), { recursive: true })
    .map(String)
    .filter((n) => n.endsWith('.webp'))
    .map((n) => n.split(path.sep).join('/'));
  for (const name of stored) if (!expected.has(name)) fail(round, `unexpected tile ${name}`);
  return expected.size;
}

const rows: Record<string, string | number>[] = [];
const page = await lineArtPage();
console.log(`page: ${WIDTH} × ${HEIGHT} grayscale PNG, ${(page.length / 1024 / 1024).toFixed(1)} MB`);
await start();
const { founder, artist, editor, projectId, chapterId, pageIds } = await productionChapter(api, ROUNDS);
const team: Team = { founder, editor, artist };

try {
  for (let round = 1; round <= ROUNDS; round++) {
    const moment = MOMENTS[(round - 1) % MOMENTS.length] as Moment;
    const pageId = pageIds[round - 1] as number;
    const ids = { projectId, chapterId, pageId };
    const uploaded = performance.now();
    await handIn(team, ids);
    const { key } = await revisionOf(api, founder, ids);
    if (!(await reachMoment(moment, founder, ids))) {
      fail(round, `the render ended before the kill (${moment})`);
      continue;
    }
    const killedAfter = Math.round(performance.now() - uploaded);
    const tilesAtKill = storedTiles(key);
    const foldersAtKill = renderFolders().length;
    if (server) await killNow(server);
    const restartMs = await start();
    // A render the new server began itself is not a leftover.
    const own = `.${server?.pid}~`;
    const foldersAfterStart = renderFolders().filter((n) => !n.includes(own)).length;
    if (foldersAfterStart > 0) fail(round, `${foldersAfterStart} render work folders left after the start`);

    const restarted = performance.now();
    let r = (await revisionOf(api, founder, ids)).renditions;
    // Tiles stored before the kill are not taken for a rendition: the row waits for the retry.
    if (r.status !== 'pending' || r.dzi !== '') fail(round, `after the restart: ${r.status}, dzi '${r.dzi}'`);
    while (r.status === 'pending' && performance.now() - restarted < FINISH_MS) {
      await sleep(200);
      r = (await revisionOf(api, founder, ids)).renditions;
    }
    const finishMs = Math.round(performance.now() - restarted);
    if (r.status !== 'ready' || r.stage !== 'done') {
      fail(round, `after the restart the rendition is ${r.status} (${r.stage})`);
      continue;
    }
    for (const link of [r.thumb, r.preview, r.dzi]) {
      const res = await fetch(new URL(link, api.base));
      if (res.status !== 200) fail(round, `${link}: ${res.status}`);
      await res.arrayBuffer();
    }
    const tiles = await checkTiles(round, key);
    const leftFolders = renderFolders().length;
    if (leftFolders > 0) fail(round, `${leftFolders} render work folders left after the render`);
    const parts = partFiles();
    if (parts > 0) fail(round, `${parts} unfinished store files left`);
    rows.push({
      round,
      'killed while': moment,
      'kill, ms after upload': killedAfter,
      'tiles stored at kill': tilesAtKill,
      'work folders at kill': foldersAtKill,
      'restart to ready, ms': restartMs,
      'restart to rendition ready, ms': finishMs,
      'tiles checked': tiles,
      'folders left': leftFolders,
    });
  }
} finally {
  await server?.stop();
}

table(rows);
fs.rmSync(dataDir, { recursive: true, force: true });
if (failures.length > 0) {
  console.error(`\n${failures.length} failure(s):\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`\n${ROUNDS} round(s), no failure`);
