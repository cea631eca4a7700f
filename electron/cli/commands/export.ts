import { writeFileSync } from 'node:fs';
import { difficultySvg } from '../../../shared/charts/difficulty';
import { heatmapSvg } from '../../../shared/charts/heatmap';
import { ExploreFiltersSchema } from '../../../shared/contract/explore';
import { describeZodError } from '../../../shared/contract/run';
import { difficulty, heatmap, leaderboard, type ExploreFilters } from '../../engine/analysis/explore';
import { primaryTopic } from '../../engine/datasets/topics';
import { difficultyCsvRows, heatmapCsvRows, heatmapLatex, leaderboardCsvRows, leaderboardLatex } from '../../engine/io/explore-export';
import { episodeExportRows, toCsv, toJsonl } from '../../engine/io/export';
import type { Store } from '../../engine/store/store';
import { CliError, openStore, parseId } from '../context';

export interface ExportFlags {
  format: string;
  out?: string;
  db?: string;
  dataset?: string;
  split?: string;
  judge?: string;
  from?: string;
  to?: string;
  topic?: string;
  metric?: string;
  axis?: string;
}

const VIEWS = ['leaderboard', 'heatmap', 'difficulty'] as const;
const FORMATS: Record<string, readonly string[]> = { run: ['csv', 'jsonl'], leaderboard: ['csv', 'latex'], heatmap: ['csv', 'latex', 'svg'], difficulty: ['csv', 'svg'] };

function filtersOf(flags: ExportFlags): ExploreFilters {
  const parsed = ExploreFiltersSchema.safeParse(
    Object.fromEntries(Object.entries({ dataset: flags.dataset ?? 'things', split: flags.split, judge: flags.judge, from: flags.from, to: flags.to }).filter(([, v]) => v !== undefined)),
  );
  if (!parsed.success) throw new CliError(describeZodError(parsed.error, 'filters'));
  return parsed.data;
}

function render(store: Store, target: string, flags: ExportFlags): { text: string; what: string } {
  if (/^\d+$/.test(target)) {
    const rows = episodeExportRows(store, parseId(target, 'Run id'));
    return { text: flags.format === 'csv' ? toCsv(rows) : toJsonl(rows), what: `${rows.length} episodes` };
  }
  const filters = filtersOf(flags);
  if (target === 'leaderboard') {
    const rows = leaderboard(store, filters);
    return { text: flags.format === 'csv' ? toCsv(leaderboardCsvRows(rows)) : leaderboardLatex(rows, filters), what: `${rows.length} players` };
  }
  if (target === 'heatmap') {
    const metric = flags.metric ?? 'score';
    if (metric !== 'score' && metric !== 'success') throw new CliError(`--metric must be score or success, not "${metric}".`);
    const map = heatmap(store, filters, flags.topic ?? primaryTopic(filters.dataset), metric);
    const text = flags.format === 'csv' ? toCsv(heatmapCsvRows(map)) : flags.format === 'latex' ? heatmapLatex(map, filters) : heatmapSvg(map);
    return { text, what: `${map.players.length} × ${map.topics.length} cells` };
  }
  const d = difficulty(store, filters, flags.axis ?? 'item');
  return { text: flags.format === 'csv' ? toCsv(difficultyCsvRows(d)) : difficultySvg(d), what: `${d.rows.length} levels` };
}

/** `parlor export <run>` (episodes) or `parlor export leaderboard|heatmap|difficulty` (the explore views). */
export function exportCommand(target: string, flags: ExportFlags): number {
  const kind = /^\d+$/.test(target) ? 'run' : target;
  if (kind !== 'run' && !(VIEWS as readonly string[]).includes(kind)) {
    throw new CliError(`Export what? A run id, or one of ${VIEWS.join(', ')} (not "${target}").`);
  }
  if (!FORMATS[kind]!.includes(flags.format)) throw new CliError(`--format for ${kind === 'run' ? 'a run' : kind} must be ${FORMATS[kind]!.join(' or ')}, not "${flags.format}".`);
  const store = openStore(flags.db);
  try {
    const { text, what } = render(store, target, flags);
    if (flags.out) {
      writeFileSync(flags.out, text);
      process.stderr.write(`wrote ${what} to ${flags.out}\n`);
    } else {
      process.stdout.write(text);
    }
    return 0;
  } finally {
    store.close();
  }
}
