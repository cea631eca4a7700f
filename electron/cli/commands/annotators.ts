/**
 * `parlor annotators [list|add <name>|use <name>]`, and the review side of `parlor annotations`:
 * `review <set>`, `rule <set> <item> <label|correct|ambiguous>`, `history <set> <item>`. Who acts is
 * always explicit: `--annotator`, or the database's current annotator; neither is refused.
 */
import type { AnnotationReviewItemView } from '../../../shared/api/adjudication-views';
import { review, rule } from '../../engine/annotation/adjudication';
import { actingAnnotator, annotatorsView, createAnnotator, useAnnotator } from '../../engine/annotation/annotators';
import { gameOfSet, itemOf } from '../../engine/annotation/sets';
import type { Store } from '../../engine/store/store';
import { CliError, openStore, parseId, plainFlag } from '../context';
import { shortTime, table } from '../format';

export interface AnnotatorFlags {
  db?: string;
  json?: boolean;
  annotator?: string;
  note?: string;
}

const nameArg = (text: string | undefined, usage: string) => {
  if (!text?.trim()) throw new CliError(`Give the annotator's name: ${usage}.`);
  return plainFlag(text.trim(), 'The name');
};

/** `parlor annotators`: everyone who labels here (the current one starred), adding one, choosing one. */
export function annotatorsCommand(action: string | undefined, args: string[], flags: AnnotatorFlags): number {
  const store = openStore(flags.db, { create: action === 'add' || action === 'use' });
  try {
    switch (action ?? 'list') {
      case 'list': {
        const view = annotatorsView(store);
        if (flags.json) return (console.log(JSON.stringify(view, null, 2)), 0);
        if (!view.annotators.length) return (console.log('No annotators yet: parlor annotators add <name>, then parlor annotators use <name>'), 0);
        console.log(table(['', 'annotator', 'since'], view.annotators.map((a) => [a.id === view.current?.id ? '*' : '', a.name, shortTime(a.createdAt)])));
        console.log(view.current ? `* labels and rulings here are given as ${view.current.name}${view.fixed ? ' (fixed by the pack)' : ''}` : 'Nobody is chosen for this database yet: parlor annotators use <name>');
        return 0;
      }
      case 'add': {
        const made = createAnnotator(store, nameArg(args[0], 'parlor annotators add <name>'));
        console.log(`Added annotator ${made.name}. To label as them here: parlor annotators use ${JSON.stringify(made.name)}`);
        return 0;
      }
      case 'use': {
        const view = useAnnotator(store, nameArg(args[0], 'parlor annotators use <name>'));
        console.log(`This database now labels as ${view.current!.name}.`);
        return 0;
      }
      default:
        throw new CliError(`Unknown action "${action}": use list, add or use.`);
    }
  } finally {
    store.close();
  }
}

/** A verdict as typed: `correct` (the producer was right), `ambiguous`, or the correct label itself. */
function verdictArg(text: string | undefined, vocabulary: readonly string[]): { verdict: 'correct' | 'wrong' | 'ambiguous'; answer?: string } {
  if (text === 'correct' || text === 'ambiguous') return { verdict: text };
  if (text !== undefined && vocabulary.includes(text)) return { verdict: 'wrong', answer: text };
  throw new CliError(`Say the ruling: correct, ambiguous, or the correct label (${vocabulary.join(', ')})${text === undefined ? '' : `, not "${text}"`}.`);
}

/** Seconds matter in a history: a relabel is often within the minute. */
const when = (iso: string) => iso.replace('T', ' ').slice(0, 19);

const answerText = (verdict: string, answer: string | null) => (verdict === 'ambiguous' ? 'ambiguous' : (answer ?? verdict));

function reviewLine(r: AnnotationReviewItemView): (string | number)[] {
  const votes = r.labels.map((l) => `${l.annotator}: ${answerText(l.verdict, l.answer)}`).join(', ');
  return [r.item.itemId, r.item.position, r.item.label, votes, r.majority ?? 'tie', r.ruling ? `${answerText(r.ruling.verdict, r.ruling.answer)} (${r.ruling.adjudicator})` : '—'];
}

/** `parlor annotations review|rule|history`: the same queue, rulings and history as the app's review page. */
export function reviewAction(store: Store, action: 'review' | 'rule' | 'history', args: string[], flags: AnnotatorFlags): number {
  const setId = parseId(args[0] ?? '', 'Annotation set id');
  if (action === 'review') {
    const current = store.annotators.current()?.annotator.name;
    const view = review(store, setId, flags.annotator ?? current);
    if (flags.json) return (console.log(JSON.stringify(view, null, 2)), 0);
    const who = flags.annotator ?? current;
    console.log(`Set ${setId}: ${view.disputed} disputed, ${view.ruled.length} ruled, ${view.queue.length} waiting${who ? ` for ${who}` : ''}${view.labelledByYou ? ` (${view.labelledByYou} more labelled by ${who}: someone else rules on those)` : ''}.`);
    const rows = [...view.queue, ...view.ruled].map(reviewLine);
    if (rows.length) console.log(table(['item', '#', view.info.producer, 'labels', 'majority', 'ruling'], rows));
    return 0;
  }
  const itemId = parseId(args[1] ?? '', 'Item id');
  if (action === 'rule') {
    const adjudicator = plainFlag(actingAnnotator(store, flags.annotator, 'ruling'), 'The name');
    const { hooks } = gameOfSet(store, setId);
    const given = verdictArg(args[2], hooks.info.labels.map((l) => l.id));
    const note = flags.note === undefined ? undefined : plainFlag(flags.note, 'The note', 'lines');
    const { waiting } = rule(store, { setId, itemId, adjudicator, ...given, ...(note ? { note } : {}) });
    console.log(`Ruled on item ${itemId} as ${adjudicator}: ${given.answer ?? given.verdict}. ${waiting} disputed item${waiting === 1 ? '' : 's'} left for ${adjudicator}.`);
    return 0;
  }
  // History: every label (and ruling) of the item, newest first; the CLI is a reviewer's tool, so everyone's.
  const { hooks } = gameOfSet(store, setId);
  itemOf(store, hooks, setId, itemId);
  const labels = store.annotations.history(itemId);
  const rulings = store.rulings.all(setId).filter((r) => r.itemId === itemId).reverse();
  if (flags.json) return (console.log(JSON.stringify({ labels, rulings }, null, 2)), 0);
  const state = (r: { standing: boolean; undoneAt: string | null }) => (r.standing ? 'counts' : r.undoneAt ? 'undone' : 'replaced');
  console.log(table(['when', 'who', 'label', 'state', 'note'], labels.map((l) => [when(l.labelledAt), l.annotator, answerText(l.verdict, l.answer), state(l), l.note ?? ''])));
  if (rulings.length) console.log(`\nrulings\n${table(['when', 'adjudicator', 'ruling', 'state', 'note'], rulings.map((r) => [when(r.ruledAt), r.adjudicator, answerText(r.verdict, r.answer), state(r), r.note ?? '']))}`);
  return 0;
}
