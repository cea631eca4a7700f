import { useEffect, useState } from 'react';
import type { SearchHit } from '../../../shared/api/contract';
import { useGames } from '../api/games';
import { useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { counted } from '../format';
import { href, navigate } from '../links';

/** Every run's transcripts: episodes where a player's words contain the query, grouped by run. */
export function SearchPage({ query }: { query: string }) {
  const [draft, setDraft] = useState(query);
  const [blank, setBlank] = useState(false);
  useEffect(() => setDraft(query), [query]);
  const results = useQuery('episodes.search', query.trim() ? { query } : null);
  const { gameOf } = useGames();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setBlank(draft.trim() === '');
    navigate(href.search(draft.trim()));
  };
  const data = query.trim() && results.data?.query === query.trim() ? results.data : null;
  return (
    <section aria-labelledby="search-title">
      <header className="page-header"><h1 id="search-title">Search transcripts</h1></header>
      <form className="search-form" role="search" onSubmit={submit}>
        <label htmlFor="transcript-query">Words said in any run</label>{' '}
        <input id="transcript-query" type="search" value={draft} autoFocus maxLength={200} onChange={(e) => setDraft(e.target.value)} placeholder="e.g. alive" />{' '}
        <button type="submit">Search</button>
      </form>
      <p className="meta">What the players said (models and people), in every run; letters match in either case.</p>
      {blank && !query.trim() && <p className="inline-error" role="alert">Type a word or phrase to search for: the search is empty.</p>}
      <ErrorNote error={query.trim() ? results.error : null} />
      {query.trim() && !data && !results.error && <p aria-busy="true">Searching…</p>}
      {data && (
        <div data-testid="search-results">
          <p className="meta" role="status">
            {data.episodes === 0 ? `No episode has “${data.query}”.` : `${counted(data.episodes, 'episode')} in ${counted(data.runs.length, 'run')}${data.truncated ? ' (the first ones; narrow the search to see others)' : ''}.`}
          </p>
          {data.runs.map((run) => (
            <section key={run.runId} className="search-run" data-testid="search-run" aria-labelledby={`search-run-${run.runId}`}>
              <h2 id={`search-run-${run.runId}`}>
                <a href={href.run(run.runId)}>Run #{run.runId}{run.runName ? ` · ${run.runName}` : ''}</a> <span className="meta">{gameOf(run.game)?.shortTitle ?? run.game}</span>
              </h2>
              <ul className="search-hits">
                {run.hits.map((hit) => <Hit key={hit.episodeId} hit={hit} />)}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function Hit({ hit }: { hit: SearchHit }) {
  return (
    <li data-testid="search-hit">
      <a href={href.episode(hit.episodeId)}>{hit.instance}</a>{' '}
      <span className="meta">
        repetition {hit.repetition} · round {hit.round} · {hit.from}
        {hit.matches > 1 && ` · ${counted(hit.matches, 'match', 'matches')}`}
      </span>
      <blockquote className="snippet">{hit.before}<mark>{hit.match}</mark>{hit.after}</blockquote>
    </li>
  );
}
