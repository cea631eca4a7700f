/** The pairwise significance table as CSV rows and as a booktabs LaTeX table (the numbers the UI shows). */
import type { SignificancePairView, SignificanceView } from '../../../shared/api/views';
import type { ExploreFilters } from '../../../shared/contract/explore';
import type { Game } from '../core/game';
import { toLatex } from './latex';
import { describeFilters, outsideCaption } from './views';
import { fixedOr, pValueText } from '../../../shared/text/number';

/** Small p-values in scientific notation, so 3e-7 does not print as 0.000. */
export function pText(p: number | null): string {
  return pValueText(p, '--');
}

const cellText = (x: number | null, digits: number) => fixedOr(x, digits, '--');

/** The test column: what a pair was paired over (its n counts those), or Welch. */
const TEST_NAMES: Record<SignificancePairView['test'], string> = { paired: 'paired (episodes)', 'paired-instances': 'paired (instances)', welch: 'Welch' };

export function significanceCsvRows(view: SignificanceView): Record<string, string | number | null>[] {
  return view.pairs.map((p) => ({
    a: p.a,
    b: p.b,
    metric: view.metric,
    test: p.test,
    n: p.n,
    n_a: p.nA,
    n_b: p.nB,
    mean_a: p.meanA,
    mean_b: p.meanB,
    difference: p.difference,
    t: p.t,
    df: p.df,
    p: p.p,
    p_holm: p.pHolm,
    alpha: view.alpha,
    significant: p.significant ? 1 : 0,
  }));
}

export function significanceLatex(game: Game<unknown>, view: SignificanceView, filters: ExploreFilters): string {
  return toLatex({
    caption: `${game.shortTitle} on ${describeFilters(game, filters)}, pairwise t-tests on ${view.metricLabel}: Δ is the mean difference A − B (one value per player and episode; over instances, each player's mean on the instance). ${view.note} † significant.${outsideCaption(view.coverage, game.view.nouns.instances)}`,
    label: `tab:significance-${game.id}-${filters.dataset}-${view.metric}`,
    columns: [
      { header: 'A', align: 'l' },
      { header: 'B', align: 'l' },
      { header: 'n', align: 'r' },
      { header: 'Δ', align: 'r' },
      { header: 't', align: 'r' },
      { header: 'df', align: 'r' },
      { header: 'p', align: 'r' },
      { header: 'Holm p', align: 'r' },
      { header: 'Test', align: 'l' },
    ],
    rows: view.pairs.map((p) => [
      { text: p.a },
      { text: p.b },
      { text: p.test === 'welch' ? `${p.nA} / ${p.nB}` : String(p.n) },
      { text: cellText(p.difference, view.digits) },
      { text: cellText(p.t, 2) },
      { text: cellText(p.df, p.test === 'welch' ? 1 : 0) },
      { text: pText(p.p) },
      { text: pText(p.pHolm), bold: p.significant, dagger: p.significant },
      { text: TEST_NAMES[p.test] },
    ]),
  });
}
