/// <reference path="../../apps/server/src/modules/renditions/sql-js.d.ts" />
/**
 * The hostile files of trial:abuse (issue 39), made in code and never committed: `.clip` files
 * whose SQLite database is the weapon (docs/renditions.md, "CLIP STUDIO files"), a progressive
 * JPEG of 49 MP in under a megabyte, a 100 MiB folder file. The `.clip` files are the real
 * fixture (apps/server/src/test/page-files.ts) or bench/lib/clip-file.ts's page, their database
 * changed with sql.js and their chunks rewritten around it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { clipWithDatabase, withClipDatabase } from '../../apps/server/src/test/page-files.js';
import { clipPage } from '../../bench/lib/clip-file.js';

/** Attack 1: `count` extra Layer rows, each named with `nameLength` characters (not drawn, only listed). */
export function clipManyLayerNames(count = 150_000, nameLength = 100): Promise<Buffer> {
  return clipWithDatabase((db) => {
    db.run(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
      INSERT INTO Layer (MainId, CanvasId, LayerName, LayerType, LayerVisibility, LayerFolder)
      SELECT 100000 + i, 1, substr(printf('%06d', i) || hex(randomblob(${nameLength})), 1, ${nameLength}), 1, 0, 0
      FROM n`);
  });
}

/**
 * Attack 6: the `Layer` table replaced by a view whose recursive query never ends (no row, no
 * memory: only time), padded to about a megabyte.
 */
export function clipRunawayView(): Promise<Buffer> {
  return clipWithDatabase((db) => {
    db.run('ALTER TABLE Layer RENAME TO LayerRows');
    db.run(`CREATE VIEW Layer AS WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r)
      SELECT LayerRows.* FROM r, LayerRows WHERE r.i = 0`);
    db.run('CREATE TABLE Padding (data BLOB)');
    db.run('INSERT INTO Padding VALUES (randomblob(300000))');
  });
}

/**
 * Attack 6: bench/lib/clip-file.ts's page (`size`), its ink layer copied `copies` times, every
 * copy drawing the same pixel blocks of the file: a few bytes a layer, a full canvas to composite.
 */
export async function clipReusedBlocks(copies = 3_000, size = { width: 2480, height: 3508 }) {
  const page = await clipPage(size, 7);
  return withClipDatabase(page.bytes, (db) => {
    const columns = (db.exec('PRAGMA table_info(Layer)')[0]?.values ?? [])
      .map((row) => String(row[1]))
      .filter((c) => !['_PW_ID', 'MainId', 'LayerNextIndex'].includes(c));
    const list = columns.join(', ');
    const ink = Number(
      db.exec('SELECT MainId FROM Layer WHERE LayerType = 1 ORDER BY MainId LIMIT 1')[0]?.values[0]?.[0],
    );
    const top = Number(
      db.exec('SELECT MainId FROM Layer WHERE LayerType = 1 AND LayerNextIndex = 0 LIMIT 1')[0]
        ?.values[0]?.[0],
    );
    const first = 200_000;
    db.run(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${copies - 1})
      INSERT INTO Layer (MainId, LayerNextIndex, ${list})
      SELECT ${first} + i, CASE WHEN i = ${copies - 1} THEN 0 ELSE ${first} + i + 1 END, ${list}
      FROM n, Layer WHERE Layer.MainId = ${ink}`);
    db.run(`UPDATE Layer SET LayerNextIndex = ${first} WHERE MainId = ${top}`);
  });
}

/**
 * Attack 2: a progressive JPEG of side × side pixels (49 MP at 7000), white but for a square of
 * grey noise sized so the file is about 860 KB: every decoder must hold the whole image.
 */
export async function progressiveJpeg(side = 7000, noiseSide = 1040): Promise<Buffer> {
  const noise = await sharp(randomBytes(noiseSide * noiseSide), {
    raw: { width: noiseSide, height: noiseSide, channels: 1 },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
    .composite([{ input: noise, left: 100, top: 100 }])
    .jpeg({ progressive: true, quality: 75 })
    .toBuffer();
}

/** Attack 4: a file of `bytes` random bytes written to `file` (sent from disk, never held). */
export function randomFile(file: string, bytes: number): string {
  const fd = fs.openSync(file, 'w');
  try {
    const block = randomBytes(1024 * 1024);
    for (let written = 0; written < bytes; written += block.length)
      fs.writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  } finally {
    fs.closeSync(fd);
  }
  return file;
}
