import { edaTurns, type EdaTurn } from '../../electron/engine/games/eda/turns';
import type { Store } from '../../electron/engine/store/store';

/** An EDA episode's turns as the paper counts them, read back from its stored events. */
export function turnsOf(store: Store, episodeId: number): EdaTurn[] {
  return edaTurns(store.events.list(episodeId)).turns;
}
