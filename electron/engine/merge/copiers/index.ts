/**
 * The steps of a merge, in order: each table after those its integer ids point at. Other kinds of rows
 * join here, each as a copier of its own module: the annotation tables (sets, items, labels, annotators)
 * go after the run side, using the id maps it leaves (`ctx.map('events')`, `ctx.map('runs')`…), and
 * a module whose rows point at an episode's events or calls adds a guard, so that no play it refers to
 * is replaced (the built-in one protects annotation items).
 */
import type { Copier, MergeContext, ReplaceGuard } from '../context';
import { annotationCopiers } from './annotations';
import { catalogCopiers } from './catalog';
import { datasetCopiers } from './datasets';
import { classifyEpisodes } from './episodes';
import { playCopiers } from './plays';
import { runCopiers } from './runs';

/** Annotation items point at events: a play one of its events is labelled in stays. */
const annotatedEvents: ReplaceGuard = (ctx: MergeContext, episodeId: number) =>
  ctx.hasTable('annotation_items') && ctx.db.prepare(`SELECT 1 FROM main.annotation_items WHERE event_id IN (SELECT id FROM main.events WHERE episode_id = ?) LIMIT 1`).get(episodeId) !== undefined
    ? 'its events are in an annotation set here'
    : null;

export const REPLACE_GUARDS: readonly ReplaceGuard[] = [annotatedEvents];

export const MERGE_COPIERS: readonly Copier[] = [
  ...catalogCopiers,
  ...datasetCopiers,
  ...runCopiers,
  classifyEpisodes(REPLACE_GUARDS),
  ...playCopiers,
  ...annotationCopiers,
];
