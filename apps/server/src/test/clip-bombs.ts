import { clipWithDatabase } from './page-files.js';

/**
 * Hostile CLIP STUDIO files (docs/renditions.md, "Bounds of a .clip"), made in code from the real
 * file the tests carry, its database changed with sql.js: none is ever committed.
 */

/** The real file with `count` more layers, each named `name` and its number. */
export function clipWithManyLayers(count: number, name: string): Promise<Buffer> {
  return clipWithDatabase((db) =>
    db.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
       INSERT INTO Layer (MainId, LayerName, LayerType, LayerVisibility) SELECT 100000 + i, ? || i, 1, 0 FROM n`,
      [name],
    ),
  );
}

/**
 * The real file with `count` more visible raster layers above its own, each a copy of its
 * gradient layer (MainId 3), so all draw the same pixel blocks, linked in the root folder's chain.
 */
export function clipWithSameBlocks(count: number): Promise<Buffer> {
  return clipWithDatabase((db) => {
    const columns = (db.exec("SELECT name FROM pragma_table_info('Layer')")[0]?.values ?? [])
      .map(([column]) => String(column))
      .filter((column) => !['_PW_ID', 'MainId', 'LayerNextIndex', 'LayerName'].includes(column));
    const rest = columns.join(', ');
    db.run(
      `INSERT INTO Layer (MainId, LayerNextIndex, LayerName, ${rest})
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
       SELECT 100000 + i, CASE WHEN i < ${count} THEN 100001 + i ELSE 0 END, 'copy ' || i, ${rest}
       FROM n, (SELECT * FROM Layer WHERE MainId = 3)`,
    );
    db.run('UPDATE Layer SET LayerNextIndex = 100001 WHERE MainId = 3');
  });
}

/** A recursive query that never ends, as a view: reading it would run for ever. */
const FOREVER = 'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r)';

/** The real file with its table `table` replaced by a view of the same name whose query never ends. */
export function clipWithRunawayView(table: 'Layer' | 'Mipmap'): Promise<Buffer> {
  return clipWithDatabase((db) => {
    const columns = (db.exec(`SELECT name FROM pragma_table_info('${table}')`)[0]?.values ?? []).map(
      ([column]) => `i AS ${String(column)}`,
    );
    db.run(`DROP TABLE ${table}`);
    db.run(`CREATE VIEW ${table} AS ${FOREVER} SELECT ${columns.join(', ')} FROM r`);
  });
}

/** The real file with a column of Layer computed by the file's own SQL on every read. */
export function clipWithGeneratedColumn(): Promise<Buffer> {
  return clipWithDatabase((db) =>
    db.run('ALTER TABLE Layer ADD COLUMN Heavy TEXT GENERATED ALWAYS AS (hex(zeroblob(100000000))) VIRTUAL'),
  );
}
