/** The score table by slices as CSV rows (mean, n and interval per column) and as a booktabs LaTeX table, best per column in bold. */
import type { SlicesView } from '../../../shared/api/views';
import type { ExploreFilters } from '../../../shared/contract/explore';
import type { Game } from '../core/game';
import { tooFew } from '../../../shared/stats/caution';
import { toLatex } from './latex';
import { describeFilters, outsideCaption } from './views';
import { fixed } from '../../../shared/text/number';

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export function slicesCsvRows(view: SlicesView): Record<string, string | number | null>[] {
  return view.rows.map((r) => ({
    player: r.player,
    ...Object.fromEntries(view.columns.flatMap((c, k) => {
      const shown = r.cells[k];
      const cell = shown && !tooFew(shown.n, view.minEpisodes) ? shown : null;
      return [[`${slug(c)}_mean`, cell?.mean ?? null], [`${slug(c)}_n`, shown?.n ?? 0], [`${slug(c)}_ci_low`, cell?.low ?? null], [`${slug(c)}_ci_high`, cell?.high ?? null]];
    })),
  }));
}

export function slicesLatex(game: Game<unknown>, view: SlicesView, filters: ExploreFilters): string {
  const thin = view.rows.some((r) => r.cells.some((c) => c !== null && tooFew(c.n, view.minEpisodes)));
  const text = (c: SlicesView['rows'][number]['cells'][number]) => (!c ? '--' : tooFew(c.n, view.minEpisodes) ? `(n=${c.n})` : fixed(c.mean, view.digits));
  return toLatex({
    caption: `${view.title}: ${view.metricLabel} on ${describeFilters(game, filters)}. ${view.note} Best per column in bold (ties all bold).${thin ? ` (n=k): only k episodes, fewer than ${view.minEpisodes}, so no mean.` : ''}${outsideCaption(view.coverage, game.view.nouns.instances)}`,
    label: `tab:${game.id}-slices-${filters.dataset}`,
    columns: [{ header: view.subjectLabel, align: 'l' }, ...view.columns.map((c) => ({ header: c, align: 'r' as const }))],
    rows: view.rows.map((r) => [{ text: r.player }, ...r.cells.map((c, k) => ({ text: text(c), bold: view.best[k]?.includes(r.player) ?? false }))]),
  });
}
