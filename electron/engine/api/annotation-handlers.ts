import { everyoneProgress, myLabels } from '../annotation/mine';
import type { Store } from '../store/store';
import type { HandlerRegistry } from './registry';

/** Reviewing a set: an annotator's own labels to relabel, and every annotator's progress. */
export function registerAnnotation(registry: HandlerRegistry, store: Store): void {
  registry
    .handle('annotations.mine', ({ setId, annotator }) => myLabels(store, setId, annotator))
    .handle('annotations.progress', ({ setId, annotator }) => everyoneProgress(store, setId, annotator));
}
