import type { Migration } from './migration';

/**
 * Released with schema version 16: never edit, append a new migration instead.
 *
 * One record of what each seat saw: every chat message a model call sends is an event, so a seat's
 * view at each call can be rebuilt from the events alone (`core/seat-view.ts`). `message` is the role
 * the event's content has in the view of its seat (a reply's seat is `from_seat`, anything the game
 * master sends is in the view of `to_seat`); `at` replaces the seat's message at that index (0-based,
 * later ones stay); `keep` places the message after the seat's first `keep` messages, the rest dropped
 * (0: a new conversation). Neither: appended.
 *
 * Events written before this version are left NULL: those episodes recorded only part of what their
 * seats were sent, so their views are not rebuilt; nothing that scores or shows them reads these columns.
 */
export const migration016: Migration = {
  version: 16,
  name: 'seat views',
  sql: `
      ALTER TABLE events ADD COLUMN message TEXT CHECK (message IN ('system', 'user', 'assistant'));
      ALTER TABLE events ADD COLUMN at INTEGER CHECK (at IS NULL OR (at >= 0 AND message IS NOT NULL));
      ALTER TABLE events ADD COLUMN keep INTEGER CHECK (keep IS NULL OR (keep >= 0 AND message IS NOT NULL AND at IS NULL));
  `,
};
