/**
 * What an API handler may reach: the store, the model factory, and the engine's few effects (tell
 * the UI something changed, start a run that was just made). The core handlers and every capability's
 * handlers get the same context, so a capability adds methods without the service knowing it.
 */
import type { UiEvent } from '../../../shared/api/contract';
import type { ModelFactory } from '../players/factory';
import type { Store } from '../store/store';

export interface HandlerContext {
  store: Store;
  /** The model factory as of now: keys are read when a model is built, so a key saved in the UI applies to the next run. */
  factory(): ModelFactory;
  /** Tells every open window something happened (a tagging pass's progress…). */
  emit(event: UiEvent): void;
  /** Tells every open window the runs list changed. */
  runsChanged(): void;
  /** Plays a run the handler has just stored (its episodes pending), as `runs.start` does. */
  launch(runId: number): Promise<void>;
}
