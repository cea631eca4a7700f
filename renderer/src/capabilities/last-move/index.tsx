/** Last-turn swaps in the app: the X → Y page, and the swap panel of a finished run's page. */
import { runIdsOf } from '../run-ids';
import type { RendererCapability } from '../types';
import { AblationPage } from './AblationPage';
import { LastTurnPanel } from './LastTurnPanel';
import { lastTurnShown } from './shown';

export const lastMoveUi: RendererCapability = {
  key: 'last-move',
  pages: [{ id: 'ablation', path: /^\/ablation\/(\d+(?:,\d+)*)$/, under: 'Runs', render: ([ids]) => <AblationPage runIds={runIdsOf(ids)} /> }],
  runSections: (slot) => (lastTurnShown(slot) && slot.game ? <LastTurnPanel runId={slot.run.summary.id} game={slot.game} config={slot.run.config} /> : null),
};
