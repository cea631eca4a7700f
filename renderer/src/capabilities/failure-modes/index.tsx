/** Failure-mode tags in the app: their page, its button on a run's page, and links from the annotation page. */
import { runIdsOf } from '../run-ids';
import type { RendererCapability } from '../types';
import { FailureModesPage } from './FailureModesPage';
import { failureModesHref } from './routes';
import { failureModesShown, taggedRuns } from './shown';

export const failureModesUi: RendererCapability = {
  key: 'failure-modes',
  pages: [{ id: 'failure-modes', path: /^\/failure-modes\/(\d+(?:,\d+)*)$/, under: 'Annotate', render: ([ids]) => <FailureModesPage runIds={runIdsOf(ids)} /> }],
  runActions: (slot) => (failureModesShown(slot) ? <a className="button" href={failureModesHref([slot.run.summary.id])}>Failure modes</a> : null),
  annotationsSection(slot) {
    const tagged = taggedRuns(slot);
    if (tagged.length === 0) return null;
    return (
      <p className="meta" data-testid="failure-mode-links">
        Failure-mode tags of the {slot.gameOf(tagged[0]!.game)?.failureModes?.seat}'s moves, to confirm or correct:{' '}
        {tagged.map((r, i) => <span key={r.id}>{i ? ' · ' : ''}<a href={failureModesHref([r.id])}>run #{r.id}</a></span>)}
      </p>
    );
  },
};
