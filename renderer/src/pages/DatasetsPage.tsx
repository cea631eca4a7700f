import { useMemo, useState } from 'react';
import type { DatasetInfo, InstanceView } from '../../../shared/api/contract';
import { DEFAULT_GAME } from '../../../shared/contract/default-game';
import { useGames } from '../api/games';
import { useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { VirtualTable, type Column } from '../components/VirtualTable';
import { DatasetAudit } from './DatasetAudit';
import { FixedSubsets } from './FixedSubsets';
import { GameProblems } from '../components/GameProblems';

/** The datasets grouped by game, in the order the list gives the games. */
function byGame(list: readonly DatasetInfo[]): [string, DatasetInfo[]][] {
  const groups = new Map<string, DatasetInfo[]>();
  for (const d of list) groups.set(d.game, [...(groups.get(d.game) ?? []), d]);
  return [...groups];
}

/** Every game's datasets: the bundled ones and the users' files runs have used, instance by instance with their tags. */
export function DatasetsPage() {
  const datasets = useQuery('datasets.list', {});
  const { gameOf } = useGames();
  const [picked, setChoice] = useState<{ game: string; name: string; subset: string } | null>(null);
  // Until one is picked: the default game's first dataset on the subset a run plays by default.
  const first = gameOf(DEFAULT_GAME)?.datasets[0];
  const choice = picked ?? (first ? { game: DEFAULT_GAME, name: first.name, subset: first.defaultSubset } : null);
  const instances = useQuery('datasets.instances', choice);
  const [filter, setFilter] = useState('');
  const game = gameOf(choice?.game);
  const noun = game?.view.nouns ?? { instance: 'instance', instances: 'instances', subset: 'subset' };
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (instances.data ?? []).filter((i) => !needle || `${i.key} ${Object.values(i.tags).join(' ')}`.toLowerCase().includes(needle));
  }, [instances.data, filter]);
  const tagKeys = useMemo(() => [...new Set(rows.flatMap((r) => Object.keys(r.tags)))], [rows]);
  const columns: Column<InstanceView>[] = [
    { key: 'pos', header: '#', width: '4rem', align: 'right', render: (i) => i.position + 1, sortValue: (i) => i.position },
    { key: 'name', header: noun.instance.charAt(0).toUpperCase() + noun.instance.slice(1), width: 'minmax(12rem, 1fr)', render: (i) => i.name, sortValue: (i) => i.name.toLowerCase() },
    { key: 'key', header: 'Key (as listed)', width: 'minmax(12rem, 2fr)', render: (i) => (i.key !== i.name ? i.key : '—') },
    ...tagKeys.map((t): Column<InstanceView> => ({ key: `tag-${t}`, header: t, width: 'minmax(8rem, 1fr)', render: (i) => i.tags[t] ?? '—', sortValue: (i) => i.tags[t] ?? '' })),
  ];

  return (
    <section aria-labelledby="datasets-title">
      <header className="page-header">
        <h1 id="datasets-title">Datasets</h1>
      </header>
      <GameProblems />
      <ErrorNote error={datasets.error ?? instances.error} />
      <p className="meta">The data each game plays, bundled with Parlor (with their licences and provenance in datasets/), and your own files that runs have used, stored under their own names and content hashes.</p>
      {/* Each game's datasets under its name: ten clembench games all read "v1.6/all", which alone says not whose. */}
      <div className="split-picker" role="group" aria-label="Dataset and subset">
        {byGame(datasets.data ?? []).map(([id, list]) => (
          <div key={id} className="split-picker-game" role="group" aria-labelledby={`datasets-of-${id}`}>
            <span id={`datasets-of-${id}`} className="split-picker-title">{gameOf(id)?.shortTitle ?? id}</span>
            {list.map((d) =>
              d.subsets.map((s) => {
                const selected = choice?.game === d.game && choice.name === d.name && choice.subset === s.subset;
                return (
                  <button key={`${d.game}/${d.name}/${s.subset}`} type="button" aria-pressed={selected} className={selected ? 'selected' : undefined} onClick={() => setChoice({ game: d.game, name: d.name, subset: s.subset })}>
                    {d.name}/{s.subset} <span className="meta">({s.instances}{d.bundled ? '' : ', your file'})</span>
                  </button>
                );
              }),
            )}
          </div>
        ))}
      </div>
      <div className="filters">
        <label>
          Find <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={`${noun.instance}, alias or tag`} />
        </label>
        <span className="meta" aria-live="polite">{rows.length} {noun.instances}</span>
      </div>
      <VirtualTable rows={rows} columns={columns} rowKey={(i) => `${i.subset}/${i.position}`} label={noun.instances} />
      {choice && <FixedSubsets game={choice.game} dataset={choice.name} subset={choice.subset} noun={noun.instances} />}
      {choice && <DatasetAudit game={choice.game} name={choice.name} subset={choice.subset} />}
    </section>
  );
}
