/// <reference path="./sql-js.d.ts" />
import { LIMITS } from '@koma/shared/constants';
import initSqlJs from 'sql.js';
import { type ClipLayer, LAYER_ROWS, layerRows } from './clip-layers.js';
import { type TableReader, tableReader } from './clip-tables.js';
import { brokenFile, RenderRefusal } from './render-refusal.js';

/**
 * What the SQLite database of a `.clip` file says about its page (docs/renditions.md, "CLIP STUDIO
 * files"), read with sql.js (SQLite as WebAssembly: nothing native to install). The database is
 * copied into the WebAssembly memory, so it costs its own size once more, and is closed at once.
 * It is the uploader's: read as clip-tables.ts says, within DATABASE_MS.
 */
export interface ClipCanvas {
  width: number;
  height: number;
  /** Dots per inch, as the canvas was set up. */
  dpi: number;
  /**
   * The layers' names in the database's order, the unnamed root folder left out: at most
   * LIMITS.clipLayersMax, each cut to LIMITS.clipLayerNameMax characters.
   */
  layers: string[];
  /** The canvas as CLIP STUDIO last rendered it (PNG), often smaller than the canvas. */
  preview: { width: number; height: number; png: Uint8Array } | null;
  /** The layers to composite, bottom first, or null when the composite cannot draw them (clip-layers.ts). */
  stack: ClipLayer[] | null;
}

/**
 * The time the database may take to read: a real 52 MP page's takes 0.1–0.2 s (bench/README.md,
 * "CLIP STUDIO page"); past it the render ends `failed`, too heavy.
 */
export const DATABASE_MS = 5_000;

export async function readClipDatabase(bytes: Uint8Array, budgetMs = DATABASE_MS): Promise<ClipCanvas> {
  const SQL = await initSqlJs();
  let db: InstanceType<typeof SQL.Database> | undefined;
  try {
    db = new SQL.Database(bytes);
    const read = tableReader(db, performance.now() + budgetMs);
    // What every file CLIP STUDIO writes has, as plain tables; anything else is not its file.
    if (!['Canvas', 'Layer', 'CanvasPreview'].every(read.isTable)) throw brokenFile();
    const [canvas] = read.rows(
      'SELECT CanvasWidth, CanvasHeight, CanvasResolution, CanvasRootFolder FROM Canvas ORDER BY MainId',
      1,
    );
    const width = Math.round(Number(canvas?.[0]));
    const height = Math.round(Number(canvas?.[1]));
    if (!(width > 0 && height > 0)) throw brokenFile();
    const { names, more } = layerNames(read);
    const [shown] = read.rows(
      'SELECT ImageWidth, ImageHeight, ImageData FROM CanvasPreview ORDER BY MainId',
      1,
    );
    const png = shown?.[2];
    const preview =
      png instanceof Uint8Array ? { width: Number(shown?.[0]), height: Number(shown?.[1]), png } : null;
    const dpi = Math.round(Number(canvas?.[2]) || 0);
    // A file of more layers than are read is shown from its preview: its stack is not all read.
    const stack = more ? null : stackOf(read, Number(canvas?.[3]));
    return { width, height, dpi, layers: names, preview, stack };
  } catch (err) {
    if (err instanceof RenderRefusal) throw err;
    // Not a database, a damaged page, a table or column missing: all a broken file.
    throw brokenFile();
  } finally {
    db?.close();
  }
}

/**
 * The names of the first LIMITS.clipLayersMax layers, cut in SQL (a name may be megabytes long);
 * `more` when the file has more layers than that besides its root folder (LAYER_ROWS).
 */
function layerNames(read: TableReader) {
  const rows = read.rows(
    `SELECT substr(LayerName, 1, ${LIMITS.clipLayerNameMax}) FROM Layer ORDER BY _PW_ID`,
    LAYER_ROWS + 1,
  );
  const names = rows
    .map(([name]) => (typeof name === 'string' ? name : ''))
    .filter((name) => name !== '')
    .slice(0, LIMITS.clipLayersMax);
  return { names, more: rows.length > LAYER_ROWS };
}

/** A file of another version may lack a column the composite reads: it is shown from its preview. */
function stackOf(read: TableReader, rootFolder: number): ClipLayer[] | null {
  try {
    return layerRows(read, rootFolder);
  } catch (err) {
    if (err instanceof RenderRefusal) throw err;
    return null;
  }
}
