import { gameInfo } from '../../engine/api/views';
import { subsetShape } from '../../engine/core/selection';
import { allGames, brokenGames } from '../../engine/games/registry';
import { table } from '../format';

/** `parlor games`: every game with its roles, datasets, subsets and experiments (`--json` for scripts). */
export function gamesCommand(flags: { json?: boolean }): number {
  const infos = allGames().map((game) => gameInfo(game, (name, subset) => subsetShape(game, name, subset)));
  if (flags.json) {
    const out = infos.map((g) => ({
      id: g.id,
      title: g.title,
      roles: g.roles.map((r) => ({ id: r.id, label: r.label, builtin: g.builtinRoles.includes(r.id), human: r.human ?? false })),
      metrics: g.metrics.map((m) => ({ key: m.key, label: m.label, kind: m.kind, scope: m.scope ?? 'episode' })),
      aggregates: g.aggregates.map((a) => a.key),
      defaultRepetitions: g.defaultRepetitions,
      defaultSettings: g.defaultSettings,
      datasets: g.datasets.map((d) => ({ name: d.name, title: d.title, kind: d.kind, subsets: d.subsets })),
    }));
    const broken = brokenGames().map((b) => ({ id: b.game ?? null, title: b.title ?? null, folder: b.folder, broken: true, problems: b.problems }));
    process.stdout.write(`${JSON.stringify([...out, ...broken], null, 2)}\n`);
    return 0;
  }
  const rows = infos.flatMap((g) =>
    g.datasets.flatMap((d) =>
      d.subsets.map((s) => [g.id, g.roles.map((r) => (g.builtinRoles.includes(r.id) ? `${r.id}*` : r.id)).join(', '), `${d.name}/${s.name}`, String(s.instances), s.experiments.join(', ') || '—']),
    ),
  );
  process.stdout.write(`${table(['game', 'roles (* built-in player)', 'dataset/subset', 'instances', 'experiments'], rows)}\n`);
  process.stdout.write(brokenText());
  return 0;
}

/** Games found but kept out, each with every problem: the other games work. */
function brokenText(): string {
  const broken = brokenGames();
  if (broken.length === 0) return '';
  const lines = broken.flatMap((b) => [`${b.game ?? b.folder} (${b.folder}) cannot be played:`, ...b.problems.map((p) => `  - ${p}`)]);
  return `\n${broken.length} game${broken.length === 1 ? '' : 's'} could not be loaded:\n${lines.join('\n')}\n`;
}
