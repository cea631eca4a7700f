import type { RunErrorGroup } from '../../../shared/api/contract';
import { RawCall } from '../components/RawCall';
import { counted } from '../format';
import { href } from '../links';

const KIND_TITLES: Record<string, string> = {
  connection: 'Could not connect',
  auth: 'Key refused',
  rate_limit: 'Rate limited',
  server: 'Server errors',
  timeout: 'Timed out',
  malformed: 'Malformed responses',
  model_not_found: 'Unknown model',
  bad_request: 'Bad requests',
  missing_key: 'Missing key',
};

/** A run's errored episodes by kind: one expandable group per kind, each episode with its failing call. */
export function RunErrors({ groups }: { groups: RunErrorGroup[] }) {
  return (
    <div className="error-groups" data-testid="error-groups">
      {groups.map((g) => (
        <details key={g.kind} className="error-group" data-testid={`error-group-${g.kind}`} open={groups.length === 1}>
          <summary>
            <strong>{KIND_TITLES[g.kind] ?? g.kind}</strong> <code>{g.kind}</code> · {counted(g.count, 'episode')}
            {g.items[0]?.message ? <span className="meta"> — {g.items[0].message}</span> : null}
          </summary>
          <ul className="error-list">
            {g.items.map((e) => (
              <li key={e.episodeId} data-testid="error-item">
                <a href={href.episode(e.episodeId)}>{e.instance}</a> (rep. {e.repetition}): {e.message ?? 'no message'}
                <RawCall callId={e.callId} label="failing call" turn={null} />
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
