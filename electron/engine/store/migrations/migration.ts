/** One schema step: runs once, in the transaction that bumps `PRAGMA user_version`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Turns foreign keys off around the step (tables rebuilt and renamed); checked before commit. */
  rebuildsTables?: boolean;
}

/** SQLite's current time as ISO 8601 with milliseconds, for column defaults. */
export const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
