import { useQuery } from '../api/hooks';

/**
 * The games Parlor found but could not load, each with every problem, so a slip in a game's folder is
 * read here rather than guessed from a missing entry; the other games work as usual.
 */
export function GameProblems() {
  const { data } = useQuery('games.broken', {});
  if (!data || data.length === 0) return null;
  return (
    <section className="notice game-problems" role="status" aria-label="Games that could not be loaded">
      <h2>{data.length === 1 ? 'One game could not be loaded' : `${data.length} games could not be loaded`}</h2>
      {data.map((b) => (
        <div key={`${b.folder}:${b.game ?? ''}`}>
          <p>
            <strong>{b.title ?? b.game ?? 'A game folder'}</strong> {b.game ? <code>{b.game}</code> : null} in <code>{b.folder}</code>:
          </p>
          <ul>
            {b.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
