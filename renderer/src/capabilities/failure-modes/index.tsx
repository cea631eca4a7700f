/** Failure-mode tags in the app: their page, its button on a run's page, and links from the annotation page. */
import { runIdsOf } from '../run-ids';
import type { RendererCapability } from '../types';
import { FailureModesPage } from './FailureModesPage';
import { failureModesHref } from './routes';

export const failureModesUi: RendererCapability = {
  key: 'failure-modes',
  pages: [{ id: 'failure-modes', path: /^\/failure-modes\/(\d+(?:,\d+)*)$/, under: 'Annotate', render: ([ids]) => <FailureModesPage runIds={runIdsOf(ids)} /> }],
  runActions: ({ run, game }) => (run.summary.done > 0 && game?.failureModes ? <a className="button" href={failureModesHref([run.summary.id])}>Failure modes</a> : null),
  annotationsSection({ finished, gameOf }) {
    const tagged = finished.filter((r) => gameOf(r.game)?.failureModes);
    if (tagged.length === 0) return null;
    return (
      <p className="meta" data-testid="failure-mode-links">
        Failure-mode tags of the {gameOf(tagged[0]!.game)?.failureModes?.seat}'s moves, to confirm or correct:{' '}
        {tagged.map((r, i) => <span key={r.id}>{i ? ' · ' : ''}<a href={failureModesHref([r.id])}>run #{r.id}</a></span>)}
      </p>
    );
  },
};
