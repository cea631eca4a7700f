/**
 * What every copier of a merge shares for one source file: the target connection (the source is
 * attached to it as `src`), the maps from the source's integer ids to the target's (temp tables, so a
 * killed merge leaves nothing in the target), and the report being written.
 */
import type { MergeConflict, MergeFileReport } from '../../../shared/contract/merge';
import type { Db, Row } from '../store/db';

/** One step of a merge: copies what the target lacks of some tables, maps ids, reports. */
export interface Copier {
  /** What the progress line names while it runs. */
  name: string;
  run(ctx: MergeContext): void;
}

/**
 * Says why a target episode's play must not be replaced by the source's (rows that point at its events
 * or calls and cannot follow), or null. Modules that keep such rows add one (see copiers/index.ts).
 */
export type ReplaceGuard = (ctx: MergeContext, targetEpisodeId: number) => string | null;

export class MergeContext {
  private readonly columnCache = new Map<string, string[]>();
  private readonly maps = new Set<string>();
  private readonly mapBuilders = new Map<string, string>();
  readonly report: MergeFileReport;

  constructor(
    readonly db: Db,
    /** The schema name the source is attached as. */
    readonly src: string,
    file: string,
    schemaVersion: number,
  ) {
    this.report = { file, schemaVersion, added: {}, alreadyThere: {}, conflicts: [] };
  }

  /** A table's columns (the target's; the source was migrated to the same schema). */
  columns(table: string): string[] {
    let columns = this.columnCache.get(table);
    if (!columns) {
      columns = (this.db.prepare(`SELECT name FROM pragma_table_info(?, 'main') ORDER BY cid`).all(table) as Row[]).map((r) => String(r.name));
      if (columns.length === 0) throw new Error(`merge: no table ${table} in the target`);
      this.columnCache.set(table, columns);
    }
    return columns;
  }

  /** Whether the schema has this table (a copier for a table a later schema adds does nothing on an older one). */
  hasTable(table: string): boolean {
    return this.db.prepare(`SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
  }

  /** How many rows of a source table (optionally filtered: `s` is the source row). */
  sourceCount(table: string, where = '1'): number {
    return Number(this.db.prepare(`SELECT COUNT(*) FROM ${this.src}.${table} s WHERE ${where}`).pluck().get());
  }

  /** Records what came in and what was there already. */
  count(table: string, added: number, alreadyThere: number): void {
    this.report.added[table] = (this.report.added[table] ?? 0) + added;
    this.report.alreadyThere[table] = (this.report.alreadyThere[table] ?? 0) + alreadyThere;
  }

  conflict(conflict: MergeConflict): void {
    this.report.conflicts.push(conflict);
  }

  /**
   * The temp table mapping a source table's ids to the target's (`src`, `dst`), built on first use
   * from the query its copier provided (a SELECT of source id, target id).
   */
  map(table: string): string {
    const name = `temp.merge_map_${table}`;
    if (!this.maps.has(table)) {
      const select = this.mapBuilders.get(table);
      if (!select) throw new Error(`merge: no id map for ${table} (its copier must run first)`);
      this.db.exec(`DROP TABLE IF EXISTS ${name}; CREATE TABLE ${name} (src INTEGER PRIMARY KEY, dst INTEGER NOT NULL);`);
      this.db.prepare(`INSERT INTO ${name} (src, dst) ${select}`).run();
      this.maps.add(table);
    }
    return name;
  }

  /** Says how to map a table's ids: a SELECT of (source id, target id) over the source and the target. */
  provideMap(table: string, select: string): void {
    this.mapBuilders.set(table, select);
    this.maps.delete(table);
  }

  /** Drops the temp tables of this file. */
  dispose(): void {
    for (const table of this.maps) this.db.exec(`DROP TABLE IF EXISTS temp.merge_map_${table}`);
    this.maps.clear();
    this.db.exec(`DROP TABLE IF EXISTS temp.merge_episodes`);
  }
}

/** A SQL string literal. */
export function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
