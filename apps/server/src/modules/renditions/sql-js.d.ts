/** The few parts of sql.js (no types of its own) the `.clip` reader (clip-database.ts) and its tests use. */
declare module 'sql.js' {
  type SqlValue = number | string | Uint8Array | null;

  interface QueryResults {
    columns: string[];
    values: SqlValue[][];
  }

  export interface Statement {
    bind(values: SqlValue[]): boolean;
    step(): boolean;
    get(): SqlValue[];
    free(): boolean;
  }

  export interface Database {
    exec(sql: string): QueryResults[];
    prepare(sql: string): Statement;
    run(sql: string, params?: SqlValue[]): Database;
    export(): Uint8Array;
    close(): void;
  }

  interface SqlJsStatic {
    Database: new (data?: Uint8Array) => Database;
  }

  export default function initSqlJs(config?: object): Promise<SqlJsStatic>;
}
