/** Transcripts across runs: the search over every run's transcripts. */
import type { SearchRunGroup, TranscriptSearchResult } from '../../../shared/api/transcript-views';
import type { TextMatchRow } from '../store/episodes';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

const DEFAULT_LIMIT = 100;
const CONTEXT = 60;

export function registerTranscripts(registry: HandlerRegistry, store: Store): void {
  registry.handle('episodes.search', ({ query, limit }) => searchTranscripts(store, query, limit ?? DEFAULT_LIMIT));
}

export function searchTranscripts(store: Store, query: string, limit: number): TranscriptSearchResult {
  const rows = store.episodes.searchAll(query, limit + 1);
  return { query, ...groupByRun(rows.slice(0, limit), query), truncated: rows.length > limit };
}

/** Matches grouped by run in the order found, each with the words around its first match. */
export function groupByRun(rows: readonly TextMatchRow[], query: string): { runs: SearchRunGroup[]; episodes: number } {
  const runs = new Map<number, SearchRunGroup>();
  for (const row of rows) {
    let group = runs.get(row.runId);
    if (!group) runs.set(row.runId, (group = { runId: row.runId, runName: row.runName, game: row.game, hits: [] }));
    const { episodeId, runId, instance, repetition, round, from, matches } = row;
    group.hits.push({ episodeId, runId, instance, repetition, round, from, matches, ...snippet(row.text, query) });
  }
  return { runs: [...runs.values()], episodes: rows.length };
}

/**
 * The first match of `query` in `text` (case-insensitive, as SQLite's LIKE is for ASCII) with up to
 * `context` characters either side, cut at a word where one is near, whitespace folded.
 */
export function snippet(text: string, query: string, context = CONTEXT): { before: string; match: string; after: string } {
  const flat = text.replace(/\s+/g, ' ');
  const needle = query.replace(/\s+/g, ' ');
  const at = asciiLower(flat).indexOf(asciiLower(needle));
  if (at < 0) return { before: '', match: '', after: flat.slice(0, context * 2) };
  const start = Math.max(0, at - context);
  const end = Math.min(flat.length, at + needle.length + context);
  let before = flat.slice(start, at);
  let after = flat.slice(at + needle.length, end);
  if (start > 0) before = `…${before.replace(/^\S*\s/, '')}`;
  if (end < flat.length) after = `${after.replace(/\s\S*$/, '')}…`;
  return { before, match: flat.slice(at, at + needle.length), after };
}

/** Lower case for ASCII letters only, so positions stay those of the original text. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
