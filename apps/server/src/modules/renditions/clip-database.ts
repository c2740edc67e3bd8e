/// <reference path="./sql-js.d.ts" />
import initSqlJs from 'sql.js';
import { type ClipLayer, LAYER_QUERY, layerStack } from './clip-layers.js';
import { brokenFile, RenderRefusal } from './render-refusal.js';

/**
 * What the SQLite database of a `.clip` file says about its page (docs/renditions.md, "CLIP STUDIO
 * files"), read with sql.js (SQLite as WebAssembly: nothing native to install). The database is
 * copied into the WebAssembly memory, so it costs its own size once more, and is closed at once.
 */
export interface ClipCanvas {
  width: number;
  height: number;
  /** Dots per inch, as the canvas was set up. */
  dpi: number;
  /** The layers' names in the database's order, the unnamed root folder left out. */
  layers: string[];
  /** The canvas as CLIP STUDIO last rendered it (PNG), often smaller than the canvas. */
  preview: { width: number; height: number; png: Uint8Array } | null;
  /** The layers to composite, bottom first, or null when the composite cannot draw them (clip-layers.ts). */
  stack: ClipLayer[] | null;
}

export async function readClipDatabase(bytes: Uint8Array): Promise<ClipCanvas> {
  const SQL = await initSqlJs();
  let db: InstanceType<typeof SQL.Database> | undefined;
  try {
    db = new SQL.Database(bytes);
    const [canvas] = rows(
      db,
      'SELECT CanvasWidth, CanvasHeight, CanvasResolution, CanvasRootFolder FROM Canvas ORDER BY MainId LIMIT 1',
    );
    const width = Math.round(Number(canvas?.[0]));
    const height = Math.round(Number(canvas?.[1]));
    if (!(width > 0 && height > 0)) throw brokenFile();
    const layers = rows(db, 'SELECT LayerName FROM Layer ORDER BY _PW_ID')
      .map(([name]) => (typeof name === 'string' ? name : ''))
      .filter((name) => name !== '');
    const [shown] = rows(
      db,
      'SELECT ImageWidth, ImageHeight, ImageData FROM CanvasPreview ORDER BY MainId LIMIT 1',
    );
    const png = shown?.[2];
    const preview =
      png instanceof Uint8Array ? { width: Number(shown?.[0]), height: Number(shown?.[1]), png } : null;
    const dpi = Math.round(Number(canvas?.[2]) || 0);
    return { width, height, dpi, layers, preview, stack: stackOf(db, Number(canvas?.[3])) };
  } catch (err) {
    if (err instanceof RenderRefusal) throw err;
    // Not a database, a damaged page, a table or column missing: all a broken file.
    throw brokenFile();
  } finally {
    db?.close();
  }
}

/** A file of another version may lack a column the composite reads: it is shown from its preview. */
function stackOf(db: Executes, rootFolder: number): ClipLayer[] | null {
  try {
    return layerStack(rows(db, LAYER_QUERY), rootFolder);
  } catch {
    return null;
  }
}

type Executes = { exec(sql: string): { values: unknown[][] }[] };

function rows(db: Executes, sql: string): unknown[][] {
  return db.exec(sql)[0]?.values ?? [];
}
