/** Annotators as the API and CLI see them: everyone, the database's current one, choosing and creating. */
import type { AnnotatorsView, AnnotatorView } from '../../../shared/api/adjudication-views';
import { UserError } from '../errors';
import type { AnnotatorRow } from '../store/annotators';
import type { Store } from '../store/store';

const view = (a: AnnotatorRow): AnnotatorView => ({ id: a.id, uid: a.uid, name: a.name, createdAt: a.createdAt });

export function annotatorsView(store: Store): AnnotatorsView {
  const current = store.annotators.current();
  return { annotators: store.annotators.list().map(view), current: current ? view(current.annotator) : null, fixed: current?.fixed ?? false };
}

export function createAnnotator(store: Store, name: string): AnnotatorView {
  return view(store.annotators.create(name));
}

/** Chooses who this database labels as; an unknown name is refused (create them first), never guessed at. */
export function useAnnotator(store: Store, name: string): AnnotatorsView {
  const who = store.annotators.byName(name);
  if (!who) throw new UserError(`No annotator named "${name}" in this database: create them first (parlor annotators add "${name}", or type the name on the labelling page).`, 'not_found');
  store.annotators.use(who.id);
  return annotatorsView(store);
}

/**
 * Who a command acts as: the name given, or else the database's current annotator; neither is
 * refused in one line (a label or ruling is never given as nobody, nor as a guess).
 */
export function actingAnnotator(store: Store, given: string | undefined, doing: string): string {
  if (given !== undefined) return given;
  const current = store.annotators.current();
  if (!current) throw new UserError(`Say who is ${doing}: --annotator <name>, or choose this database's annotator first (parlor annotators use <name>).`);
  return current.annotator.name;
}
