/**
 * Export columns: extra columns of a run's per-episode export, computed from a finished episode's
 * events (EDA: the final question). Called with no events to learn the column names.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';

export type ExportColumns = (events: readonly EventRecord[]) => Record<string, string | number | null>;

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; export columns read events only
  interface Provisions<S> {
    'export-columns': ExportColumns;
  }
}

export const exportColumnsCheck: CapabilityCheck<'export-columns'> = {
  key: 'export-columns',
  problems: (value) => (typeof value === 'function' ? [] : ['export-columns must be a function of the events']),
};
