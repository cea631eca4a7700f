import { itemHistory, review, rule, undoRuling } from '../annotation/adjudication';
import { annotatorsView, createAnnotator, useAnnotator } from '../annotation/annotators';
import { everyoneProgress, myLabels } from '../annotation/mine';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

/** Reviewing a set: an annotator's own labels and their history, every annotator's progress, annotators, and the review queue with its rulings. */
export function registerAnnotation(registry: HandlerRegistry, store: Store): void {
  registry
    .handle('annotations.mine', ({ setId, annotator }) => myLabels(store, setId, annotator))
    .handle('annotations.progress', ({ setId, annotator }) => everyoneProgress(store, setId, annotator))
    .handle('annotations.history', ({ setId, itemId, annotator }) => itemHistory(store, setId, itemId, annotator))
    .handle('annotations.review', ({ setId, adjudicator }) => review(store, setId, adjudicator))
    .handle('annotations.rule', (input) => rule(store, input))
    .handle('annotations.undoRuling', ({ setId, adjudicator }) => undoRuling(store, setId, adjudicator))
    .handle('annotators.list', () => annotatorsView(store))
    .handle('annotators.create', ({ name }) => createAnnotator(store, name))
    .handle('annotators.use', ({ name }) => useAnnotator(store, name));
}
