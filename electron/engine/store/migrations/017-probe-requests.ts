import type { Migration } from './migration';

/**
 * Released with schema version 17: never edit, append a new migration instead.
 *
 * What a probe asked, so its request can be rebuilt like a game call: the seat's view as the first
 * `view_events` events of the episode left it, then `asked`, the messages the probe sent beyond that
 * view (JSON: seat-view steps, `core/seat-view.ts`). Probes stored before this version keep NULL.
 */
export const migration017: Migration = {
  version: 17,
  name: 'probe requests',
  sql: `
      ALTER TABLE probes ADD COLUMN view_events INTEGER CHECK (view_events >= 0);
      ALTER TABLE probes ADD COLUMN asked TEXT;
  `,
};
