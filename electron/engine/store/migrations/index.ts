/**
 * The schema's history, one file per version. Each migration runs once, in a write transaction that
 * re-reads the version under the lock (two processes opening a new file at once migrate it once) and
 * bumps `PRAGMA user_version`. Never edit a released migration: append a new one.
 */
import { migration001 } from './001-engine-foundation';
import { migration002 } from './002-runs-at-scale';
import { migration003 } from './003-model-profiles';
import { migration004 } from './004-annotation';
import { migration005 } from './005-explore-sums';
import { migration006 } from './006-game-agnostic-core';
import { migration007 } from './007-media-names';
import { migration008 } from './008-seat-members';
import { migration009 } from './009-run-labels';
import { migration010 } from './010-throughput';
import { migration011 } from './011-fixed-subsets';
import { migration012 } from './012-probes';
import { migration013 } from './013-failure-tags';
import { migration014 } from './014-row-uids';
import { migration015 } from './015-annotators-history-rulings';
import { migration016 } from './016-seat-views';
import { migration017 } from './017-probe-requests';
import { migration018 } from './018-packed-scores';
import type { Migration, MigrationTarget } from './migration';

export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014, migration015, migration016, migration017, migration018];
export const LATEST_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Brings the schema up to date; a file from a newer Parlor was refused before this runs. */
export function migrate(db: MigrationTarget, onUpgrade?: (from: number, to: number) => void): void {
  if (Number(db.pragma('user_version')) >= LATEST_SCHEMA_VERSION) return;
  const rebuild = MIGRATIONS.some((m) => m.rebuildsTables);
  // Tables are rebuilt and renamed: foreign keys are checked once, before the commit, not per statement.
  if (rebuild) db.pragma('foreign_keys = OFF');
  try {
    db.tx(() => {
      const current = Number(db.pragma('user_version'));
      if (current > 0 && current < LATEST_SCHEMA_VERSION) onUpgrade?.(current, LATEST_SCHEMA_VERSION);
      for (const migration of MIGRATIONS) {
        if (migration.version <= current) continue;
        db.exec(migration.sql);
        db.pragma(`user_version = ${migration.version}`);
      }
      const broken = db.prepare('PRAGMA foreign_key_check').all();
      if (broken.length) throw new Error(`The migration left ${broken.length} broken reference(s), e.g. ${JSON.stringify(broken[0])}; nothing was changed.`);
    });
  } finally {
    if (rebuild) db.pragma('foreign_keys = ON');
  }
}
