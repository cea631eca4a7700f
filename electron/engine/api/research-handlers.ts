import { probeView } from '../analysis/probes';
import type { Store } from '../store/store';
import type { HandlerRegistry } from './registry';

/** The research tools: dialogue-state probes, last-turn swaps, failure-mode tags. */
export function registerResearch(registry: HandlerRegistry, store: Store): void {
  registry.handle('probes.view', ({ runIds }) => probeView(store, runIds));
}
