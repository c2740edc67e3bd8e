/// <reference path="./sql-js.d.ts" />
import type { Database } from 'sql.js';
import { tooHeavy } from './render-refusal.js';

/**
 * The SQLite database of a `.clip` file is the uploader's, so it is read as untrusted code would be
 * run (docs/renditions.md, "Bounds of a .clip"): only tables the schema declares as plain tables
 * (not views, whose queries could run for ever, not virtual tables, no generated columns), only by
 * fixed SELECTs with a LIMIT, row by row against a deadline. Reading never fires a trigger.
 */
export interface TableReader {
  /** Whether `table` is a plain table of the file: a view or virtual table of that name is not. */
  isTable(table: string): boolean;
  /** The rows of a fixed SELECT on plain tables, at most `limit` (added as its LIMIT), within the deadline. */
  rows(select: string, limit: number): unknown[][];
}

export function tableReader(db: Database, deadline: number): TableReader {
  // Nothing the schema declares may write, nor call a function not known to be harmless.
  db.exec('PRAGMA query_only = ON; PRAGMA trusted_schema = OFF');
  const plain = new Map<string, boolean>();
  const rows = (select: string, limit: number, params: string[] = []): unknown[][] => {
    const statement = db.prepare(`${select} LIMIT ${Math.floor(limit)}`);
    try {
      if (params.length > 0) statement.bind(params);
      const out: unknown[][] = [];
      while (statement.step()) {
        out.push(statement.get());
        // LIMIT bounds the rows; the deadline what a row may cost (sql.js has no progress handler).
        if (performance.now() > deadline) throw tooHeavy();
      }
      if (performance.now() > deadline) throw tooHeavy();
      return out;
    } finally {
      statement.free();
    }
  };
  const isTable = (table: string) => {
    const known = plain.get(table);
    if (known !== undefined) return known;
    const [declared] = rows(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ? AND rootpage > 0 AND sql NOT LIKE 'CREATE VIRTUAL%'",
      1,
      [table],
    );
    const generated = Number(declared?.[0]) === 1 ? generatedColumns(rows, table) : 1;
    const found = Number(declared?.[0]) === 1 && generated === 0;
    plain.set(table, found);
    return found;
  };
  return { isTable, rows: (sql, limit) => rows(sql, limit) };
}

/** Columns computed by an expression (hidden 2 or 3): reading them runs the file's own SQL. */
function generatedColumns(
  rows: (sql: string, limit: number, params: string[]) => unknown[][],
  table: string,
) {
  const [count] = rows('SELECT count(*) FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)', 1, [table]);
  return Number(count?.[0]);
}
