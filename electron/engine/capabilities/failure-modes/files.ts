/** Failure-mode counts as files: one CSV row per model and mode, or a LaTeX table (models down, modes across). */
import type { FailureTagsView } from '../../../../shared/api/capabilities/failure-modes';
import { toCsv } from '../../io/csv';
import { toLatex } from '../../io/latex';
import { percentNumber } from '../../../../shared/text/number';

const pct = (x: number | null) => (x === null ? '' : percentNumber(x, 1));

export function failureCountsCsv(view: FailureTagsView): string {
  return toCsv(
    view.counts.map((c) => ({
      model: c.player, mode: c.mode, games: c.games, tagged_games: c.tagged, share: c.rate ?? '', share_low: c.low ?? '', share_high: c.high ?? '',
      tags_per_game: c.perGame ?? '', per_game_low: c.perGameLow ?? '', per_game_high: c.perGameHigh ?? '', counted: view.counted.join(' '),
    })),
  );
}

/** Each cell: % of games with the mode [95% Wilson interval]. */
export function failureCountsLatex(view: FailureTagsView): string {
  const players = [...new Set(view.counts.map((c) => c.player))];
  return toLatex({
    caption: `Failure modes of the ${view.seat} per model: share of games with at least one tag (%, 95% Wilson interval).`,
    label: 'tab:failure-modes',
    note: `Tags counted: ${view.counted.join(', ')}, less those reviewers rejected, plus those they added; rules ${Object.entries(view.rules).map(([k, v]) => `${k}=${v}`).join(', ')}.`,
    columns: [{ header: 'Model', align: 'l' }, { header: 'Games', align: 'r' }, ...view.modes.map((m) => ({ header: m.label, align: 'r' as const }))],
    rows: players.map((player) => {
      const mine = view.counts.filter((c) => c.player === player);
      return [
        { text: player },
        { text: String(mine[0]?.games ?? 0) },
        ...view.modes.map((m) => {
          const c = mine.find((x) => x.mode === m.id);
          return { text: c && c.rate !== null ? `${pct(c.rate)} [${pct(c.low)}, ${pct(c.high)}]` : '–' };
        }),
      ];
    }),
  });
}
