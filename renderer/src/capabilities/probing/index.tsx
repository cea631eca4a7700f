/** Dialogue-state probing in the app: the probes page, and its button on a probed run's page. */
import { count } from '../../format';
import { runIdsOf } from '../run-ids';
import type { RendererCapability } from '../types';
import { ProbesPage } from './ProbesPage';
import { probesHref } from './routes';
import { probesShown } from './shown';

export const probingUi: RendererCapability = {
  key: 'probing',
  pages: [{ id: 'probes', path: /^\/probes\/(\d+(?:,\d+)*)$/, under: 'Runs', render: ([ids]) => <ProbesPage runIds={runIdsOf(ids)} /> }],
  runActions: (slot) => (probesShown(slot) ? <a className="button" href={probesHref([slot.run.summary.id])}>Dialogue-state probes ({count(slot.run.probes)})</a> : null),
};
