/** One schema step: runs once, in the transaction that bumps `PRAGMA user_version`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Turns foreign keys off around the step (tables rebuilt and renamed); checked before commit. */
  rebuildsTables?: boolean;
}

/** What migrating needs of a connection (the store's Db has it; declared here so the schema's history does not import the store). */
export interface MigrationTarget {
  pragma(text: string): unknown;
  exec(sql: string): void;
  prepare(text: string): { all(): unknown[] };
  tx<T>(fn: () => T): T;
}

/** SQLite's current time as ISO 8601 with milliseconds, for column defaults. */
export const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
