import type { UiEvent } from '../../../shared/api/contract';

/** Fans engine events out to every connected UI (IPC window, SSE streams). */
export class EventHub {
  private readonly listeners = new Set<(event: UiEvent) => void>();

  subscribe(listener: (event: UiEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: UiEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (a closed stream) must not stop a run.
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
