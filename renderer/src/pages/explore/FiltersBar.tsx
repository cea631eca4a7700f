import { useEffect, useState } from 'react';
import type { ExploreDataset, ExploreOptions, GameInfo, InstanceCoverage } from '../../../../shared/api/contract';
import type { ExploreFiltersInput } from '../../../../shared/contract/explore';
import { DEFAULT_MIN_EPISODES } from '../../../../shared/stats/caution';
import { leftOutText, outsideText } from '../../../../shared/text/coverage';
import { useGames } from '../../api/games';
import { useQuery } from '../../api/hooks';
import { PlayerPicker } from './PlayerPicker';

export type Filters = ExploreFiltersInput & { game: string };

/** The filters every explore view shares, remembered across views and visits; with the game they are about. */
export function useFilters(): { filters: Filters | null; setFilters: (f: Filters) => void; options: ExploreOptions | null; game: GameInfo | undefined; dataset: ExploreDataset | undefined } {
  const options = useQuery('explore.options', {});
  const { gameOf } = useGames();
  const [filters, setFilters] = useState<Filters | null>(() => {
    const saved = localStorage.getItem('parlor.explore.filters');
    const parsed = saved ? (JSON.parse(saved) as Partial<Filters>) : null;
    return parsed?.game ? (parsed as Filters) : null;
  });
  const played = (options.data?.games ?? []).filter((g) => g.datasets.length > 0);
  useEffect(() => {
    if (!played.length) return;
    const known = played.find((g) => g.id === filters?.game)?.datasets.some((d) => d.name === filters?.dataset);
    if (!filters || !known) setFilters({ game: played[0]!.id, dataset: played[0]!.datasets[0]!.name });
  }, [options.data, filters]);
  const update = (f: Filters) => {
    localStorage.setItem('parlor.explore.filters', JSON.stringify(f));
    setFilters(f);
  };
  const gameOptions = played.find((g) => g.id === filters?.game);
  return { filters, setFilters: update, options: options.data ? { games: played } : null, game: gameOf(filters?.game), dataset: gameOptions?.datasets.find((d) => d.name === filters?.dataset) };
}

export function FiltersBar({ filters, onChange, options }: { filters: Filters; onChange: (f: Filters) => void; options: ExploreOptions }) {
  const { gameOf } = useGames();
  const game = options.games.find((g) => g.id === filters.game);
  const info = gameOf(filters.game);
  const dataset = game?.datasets.find((d) => d.name === filters.dataset);
  const set = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch } as Record<string, unknown>;
    for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
    onChange(next as Filters);
  };
  const setCondition = (role: string, player: string) => {
    const conditions = { ...(filters.conditions ?? {}), [role]: player };
    if (!player) delete conditions[role];
    set({ conditions: Object.keys(conditions).length ? conditions : undefined });
  };
  const subsetLabel = info ? info.view.nouns.subset.charAt(0).toUpperCase() + info.view.nouns.subset.slice(1) : 'Subset';
  return (
    <>
      <div className="filters" role="group" aria-label="Filters">
        {options.games.length > 1 && (
          <label>
            Game{' '}
            <select value={filters.game} onChange={(e) => onChange({ game: e.target.value, dataset: options.games.find((g) => g.id === e.target.value)!.datasets[0]!.name })}>
              {options.games.map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}
            </select>
          </label>
        )}
        <label>
          Dataset{' '}
          <select value={filters.dataset} onChange={(e) => onChange({ game: filters.game, dataset: e.target.value })}>
            {game?.datasets.map((d) => <option key={d.name} value={d.name}>{d.name}</option>)}
          </select>
        </label>
        <label>
          {subsetLabel}{' '}
          <select value={filters.subset ?? ''} onChange={(e) => set({ subset: e.target.value })}>
            <option value="">all</option>
            {dataset?.subsets.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        {Object.entries(dataset?.conditions ?? {}).map(([role, players]) => (
          <label key={role}>
            {info?.roles.find((r) => r.id === role)?.label ?? role}{' '}
            <select value={filters.conditions?.[role] ?? ''} onChange={(e) => setCondition(role, e.target.value)}>
              <option value="">all</option>
              {players.map((p) => <option key={p} value={p}>{p}</option>)}
            </select>
          </label>
        ))}
        {info && info.roles.length > 1 && (
          <label title="Whose players the rows are: by default the roles a game's table ranks.">
            Rows{' '}
            <select value={filters.by ?? ''} onChange={(e) => set({ by: e.target.value })}>
              <option value="">{info.roles.filter((r) => r.subject).map((r) => r.label).join(' + ')}</option>
              {info.roles.filter((r) => !r.subject || info.roles.filter((x) => x.subject).length > 1).map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}
            </select>
          </label>
        )}
        <label>
          From <input type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          To <input type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <label title="Below this many episodes a cell says “too few” instead of a mean, and a row cannot be marked best.">
          Min. episodes{' '}
          <input type="number" min={1} max={100000} step={1} inputMode="numeric" className="narrow" aria-label="Minimum episodes behind a mean" value={filters.minEpisodes ?? DEFAULT_MIN_EPISODES} onChange={(e) => { const n = Number(e.target.value); if (Number.isInteger(n) && n >= 1) set({ minEpisodes: n === DEFAULT_MIN_EPISODES ? undefined : n }); }} />
        </label>
        <label title="Errors must not change a ranking: by default players are compared on the instances every one of them finished.">
          Compare on{' '}
          <select value={filters.instances ?? 'common'} onChange={(e) => set({ instances: e.target.value === 'common' ? undefined : (e.target.value as 'all') })}>
            <option value="common">{info?.view.nouns.instances ?? 'instances'} every player finished</option>
            <option value="all">every finished episode</option>
          </select>
        </label>
        <label title="By default people's games do not narrow the instances the players are compared on (one person's game would shrink every model's table to it); players below the minimum of episodes never do.">
          <input type="checkbox" disabled={filters.instances === 'all'} checked={filters.commonWithHumans ?? false} onChange={(e) => set({ commonWithHumans: e.target.checked || undefined })} /> People narrow the comparison
        </label>
      </div>
      {dataset && <PlayerPicker players={dataset.players} chosen={filters.players} onChange={(players) => set({ players })} />}
    </>
  );
}

/** What the numbers are over: the instances compared on, how many were left out and why, and who did not narrow them. */
export function CoverageNote({ coverage, game }: { coverage: InstanceCoverage; game: GameInfo | undefined }) {
  const instances = game?.view.nouns.instances ?? 'instances';
  if (coverage.total === 0) return <p className="notice coverage" data-testid="coverage">No finished episode matches these filters: nothing to compare.</p>;
  if (coverage.mode === 'all') {
    if (coverage.shared === coverage.total) return <p className="meta coverage" data-testid="coverage">Every finished episode of each player counts; every player finished the same {coverage.total} {instances}.</p>;
    return (
      <p className="notice coverage" data-testid="coverage" data-differs="true">
        The players ran on different {instances}: only {coverage.shared} of the {coverage.total} were finished by every player, so their numbers are not over the same {instances} (a player whose hard episodes failed may look better than they are). Compare on the {instances} every player finished for a like-for-like table.
      </p>
    );
  }
  const outside = outsideText(coverage, instances);
  const who = coverage.outside.length ? 'every compared player' : 'every player';
  const body =
    coverage.common === 0
      ? `No ${game?.view.nouns.instance ?? 'instance'} was finished by ${who}: compare fewer players (a ${game?.view.nouns.subset ?? 'subset'}, a condition), or count every finished episode.`
      : coverage.common === coverage.total
        ? `Compared on all ${coverage.total} ${instances}: ${who} finished every one.`
        : `Compared on the ${coverage.common === 1 ? `one ${game?.view.nouns.instance ?? 'instance'}` : `${coverage.common} ${instances}`} ${who} finished; ${leftOutText(coverage)}.`;
  return (
    <p className={`${coverage.common === coverage.total && !outside ? 'meta' : 'notice'} coverage`} data-testid="coverage">
      {body}
      {outside && <span data-testid="coverage-outside"> {outside}</span>}
    </p>
  );
}

export function NoRunsYet() {
  return <p className="notice">No finished runs yet: the explore views compare runs once some have played. <a href="#/runs/new">Start a run</a>.</p>;
}
