/**
 * EDA's planning/reasoning ablation (§4.3, Tables 4 and 6): "X → Y" plays X's game up to its last
 * question and lets Y ask that question. The cut keeps every event of the turns before it (the
 * judge's answers and cues as X read them), so Y sees exactly the history X saw.
 */
import type { LastMoveHooks } from '../../capabilities/last-move/provision';
import { edaTurns } from './turns';

export const edaLastMove: LastMoveHooks = {
  seat: 'guesser',
  cut(events) {
    const last = edaTurns(events).turns.at(-1);
    if (!last) return null;
    return { prefix: events.filter((e) => e.round < last.idx), round: last.idx };
  },
};
