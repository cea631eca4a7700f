/**
 * Carrying an annotation set's accepted labels into its game's rules, then rescoring every run of the
 * game whose settings change. The game says how (`annotation.apply`, e.g. a synonym list grown by the
 * guesses people ruled a match); nothing here knows a game.
 */
import type { AnnotationApplyView } from '../../../shared/api/annotation-views';
import { planOfRun } from '../core/run-plan';
import type { EventRow } from '../core/events';
import type { InstanceRow } from '../core/game';
import { corrections } from '../annotation/results';
import { AnnotationError, gameOfSet, labelledItems, setSummary } from '../annotation/sets';

import type { AnnotationItemRow } from '../store/annotations';
import type { Store } from '../store/store';
import { rescoreRun } from './rescore';
import { type AcceptedLabel } from '../capabilities/annotation/provision';

/** The set's items with an accepted label: their annotators' majority (a tie or `ambiguous` gives none). */
function acceptedLabels(store: Store, rows: readonly AnnotationItemRow[], gold: ReadonlyMap<number, string>): AcceptedLabel[] {
  const episodes = new Map<number, { events: EventRow[]; instance: InstanceRow }>();
  const episodeOf = (id: number) => {
    const known = episodes.get(id);
    if (known) return known;
    const read = { events: store.events.list(id), instance: store.episodes.get(id).instance };
    episodes.set(id, read);
    return read;
  };
  return rows.flatMap((row) => {
    const accepted = gold.get(row.itemId);
    if (accepted === undefined) return [];
    const { events, instance } = episodeOf(row.episodeId);
    const event = events.find((e) => e.id === row.eventId);
    return event ? [{ event, events, instance, label: row.label, accepted }] : [];
  });
}

const union = (lists: readonly (readonly string[])[]): string[] => [...new Set(lists.flat())];

/**
 * What the set's accepted labels change in each run of its game, and how many episodes' scores change
 * with them. `write` stores the new settings and scores of every such run in one transaction; without
 * it nothing is written (the confirmation's preview). A run in progress is left alone: it would go on
 * scoring with the settings it started with.
 */
export function applyAnnotations(store: Store, setId: number, write: boolean): AnnotationApplyView {
  const { game, hooks } = gameOfSet(store, setId);
  if (!hooks.apply || !hooks.info.apply) throw new AnnotationError(`${game.title}'s ${hooks.info.labelNoun}s do not change its rules: there is nothing to apply.`);
  const { items, rows } = labelledItems(store, game, hooks, setId);
  const accepted = acceptedLabels(store, rows, corrections(items));
  const runs = store.runs.all().filter((r) => r.game === game.id);
  const skipped = runs.filter((r) => r.status === 'running').map((r) => ({ runId: r.id, reason: 'in progress: apply again once it has stopped' }));
  const plans = runs.filter((r) => r.status !== 'running').map((run) => ({ run, amendment: hooks.apply!(planOfRun(run).settings, accepted) }));
  const changing = plans.filter((p) => p.amendment.changes.length > 0);
  const rescore = () =>
    changing.map(({ run, amendment }) => {
      const { report, changed } = rescoreRun(store, run.id, amendment.overrides, write);
      return { runId: run.id, name: run.name, changes: amendment.changes.length, episodes: report.done, changed };
    });
  return {
    set: setSummary(store, store.annotations.getSet(setId)),
    written: write,
    accepted: accepted.length,
    corrections: accepted.filter((a) => a.accepted !== a.label).length,
    changes: union(changing.map((p) => p.amendment.changes)),
    unresolved: union(plans.map((p) => p.amendment.unresolved)),
    runs: write ? store.transaction(rescore) : rescore(),
    skipped,
  };
}
