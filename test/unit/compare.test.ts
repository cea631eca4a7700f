/**
 * Suite comparisons (the multimodal paper's text vs images, Figure 5): the values of both sides and
 * their difference, hand-computed; missing sides; the map group's mean; per-game clemscore rounding;
 * "cannot play" cells; the CSV and LaTeX files, exactly.
 */
import { describe, expect, it } from 'vitest';
import type { SuiteView } from '../../shared/api/views';
import { divergingLevel, signed } from '../../shared/charts/diverging';
import { compareTables } from '../../electron/engine/analysis/compare';
import { compared, type SuiteComparison } from '../../electron/engine/core/comparison';
import { clembenchTextVsImages, gameClemscore } from '../../electron/engine/games/clembench/compare';
import { clembenchMultimodalSuite, clembenchSuite } from '../../electron/engine/games/clembench/suite';
import { groupedColumns, registerComparison } from '../../electron/engine/games/registry';
import { comparisonCsv, comparisonLatex } from '../../electron/engine/io/compare';
import { suiteCsvRows, suiteLatex } from '../../electron/engine/io/suite';

type Cell = { played: number | null; quality: number | null; cannotPlay?: string };
type Overall = { clemscore: number | null; avg_played: number | null; avg_quality: number | null };

/** A grouped suite table as suiteTable returns it, from hand-written numbers. */
function table(id: string, columns: string[], rows: { player: string; games: Record<string, Cell>; overall: Overall }[]): SuiteView {
  return {
    suite: { id, title: `${id} title`, description: '' },
    games: columns.map((c) => ({ id: c, label: c, datasets: ['v1.6'] })),
    perGame: clembenchSuite.perGame.map(({ value: _v, ...c }) => c),
    overall: clembenchSuite.overall.map(({ value: _v, ...c }) => c),
    rows: rows.map((r) => ({
      player: r.player,
      kind: 'model',
      games: Object.fromEntries(Object.entries(r.games).map(([g, { cannotPlay, ...values }]) => [g, { episodes: cannotPlay ? 0 : 10, values, ...(cannotPlay ? { cannotPlay } : {}) }])),
      overall: r.overall,
    })),
    best: {},
  };
}

const WHY = 'cannot play: tiny takes one image per message; Reference shows the describer 3 images in one message';

const text = table('clembench', ['referencegame', 'matchit_ascii', 'map'], [
  { player: 'gpt', games: { matchit_ascii: { played: 100, quality: 85 }, referencegame: { played: 100, quality: 77.5 }, map: { played: 96.67, quality: 80 } }, overall: { clemscore: 80.77, avg_played: 95.33, avg_quality: 84.73 } },
  { player: 'tiny', games: { matchit_ascii: { played: 50, quality: 33.33 }, referencegame: { played: 77.78, quality: 61.11 } }, overall: { clemscore: 30, avg_played: 60, avg_quality: 50 } },
]);
const images = table('clembench_multimodal', ['matchit', 'multimodal_referencegame', 'map'], [
  { player: 'gpt', games: { matchit: { played: 100, quality: 80 }, multimodal_referencegame: { played: 100, quality: 81.03 }, map: { played: 92.22, quality: 85.88 } }, overall: { clemscore: 69.56, avg_played: 87.73, avg_quality: 79.29 } },
  { player: 'tiny', games: { matchit: { played: 40, quality: 79.17 }, multimodal_referencegame: { played: 0, quality: null, cannotPlay: WHY } }, overall: { clemscore: 10, avg_played: 20, avg_quality: 79.17 } },
  { player: 'imgonly', games: { matchit: { played: 100, quality: 100 } }, overall: { clemscore: 90, avg_played: 100, avg_quality: 100 } },
]);

describe('text vs images (clembench_text_vs_images)', () => {
  const view = compareTables(clembenchTextVsImages, [text, images]);
  const row = (p: string) => view.rows.find((r) => r.player === p)!;

  it('has both sides and text − images for every pair and measure, null where a side is missing', () => {
    expect(view.sides.map((s) => [s.suite, s.key])).toEqual([['clembench', 'text'], ['clembench_multimodal', 'images']]);
    expect(view.pairs.map((p) => p.id)).toEqual(['matchit', 'reference', 'map']);
    const gpt = row('gpt');
    expect(gpt.pairs.matchit!.values).toEqual({ played: { a: 100, b: 100, diff: 0 }, quality: { a: 85, b: 80, diff: 5 }, clemscore: { a: 85, b: 80, diff: 5 } });
    expect(gpt.pairs.reference!.values.quality).toEqual({ a: 77.5, b: 81.03, diff: -3.53 });
    // Map Navigation: 0.9667 × 80 = 77.336 → 77.34; 0.9222 × 85.88 = 79.1985… → 79.2; 77.34 − 79.2 = −1.86.
    expect(gpt.pairs.map!.values).toEqual({ played: { a: 96.67, b: 92.22, diff: 4.45 }, quality: { a: 80, b: 85.88, diff: -5.88 }, clemscore: { a: 77.34, b: 79.2, diff: -1.86 } });
    // 80.77 − 69.56 is 11.209999… in floating point: printed and stored as 11.21.
    expect(gpt.overall).toEqual({ clemscore: { a: 80.77, b: 69.56, diff: 11.21 }, avg_played: { a: 95.33, b: 87.73, diff: 7.6 }, avg_quality: { a: 84.73, b: 79.29, diff: 5.44 } });
    const tiny = row('tiny');
    // 0.5 × 33.33 = 16.665 → 16.67; 0.4 × 79.17 = 31.668 → 31.67.
    expect(tiny.pairs.matchit!.values.clemscore).toEqual({ a: 16.67, b: 31.67, diff: -15 });
    expect(tiny.pairs.map!.values.played).toEqual({ a: null, b: null, diff: null });
    expect(row('imgonly').pairs.matchit!.values.clemscore).toEqual({ a: null, b: 100, diff: null });
    expect(row('imgonly').overall.clemscore).toEqual({ a: null, b: 90, diff: null });
  });

  it('counts a game the model cannot play as 0 % played, 0 clemscore and no quality, and says why', () => {
    const ref = row('tiny').pairs.reference!;
    expect(ref.cannotPlay).toEqual([null, WHY]);
    // 0.7778 × 61.11 = 47.5313… → 47.53 on the text side; nothing played is worth 0 on the image side.
    expect(ref.values).toEqual({ played: { a: 77.78, b: 0, diff: 77.78 }, quality: { a: 61.11, b: null, diff: null }, clemscore: { a: 47.53, b: 0, diff: 47.53 } });
    expect(gameClemscore(0, null)).toBe(0);
    expect(gameClemscore(null, null)).toBeNull();
    expect(gameClemscore(90, null)).toBeNull();
    // The suite's choice for such a game: 0 % played, which the averages count; quality skips it.
    const games: Record<string, number | null>[] = [{ quality: null, ...clembenchSuite.cannotPlayValues }, { played: 100, quality: 80 }];
    expect(clembenchMultimodalSuite.overall.map((c) => [c.key, c.value(games)])).toEqual([['clemscore', 40], ['avg_played', 50], ['avg_quality', 80]]);
  });

  it("sorts players by the image side's clemscore, as the paper's Table 1, and bolds only sides", () => {
    expect(view.rows.map((r) => r.player)).toEqual(['imgonly', 'gpt', 'tiny']);
    expect(view.best['overall:clemscore:a']).toEqual(['gpt']);
    expect(view.best['overall:clemscore:b']).toEqual(['imgonly']);
    expect(view.best['matchit:played:b']).toEqual(['imgonly', 'gpt']);
    expect(view.best['reference:played:b']).toEqual(['gpt']);
    expect(Object.keys(view.best).some((k) => k.endsWith(':diff'))).toBe(false);
  });

  it('averages the map variants into one column with the suite mean (rounded), then scores it', () => {
    // EE, EE-gr, G2X: (100 + 90 + 83.33) / 3 = 91.11; quality (80 + 60) / 2 = 70 (a variant never played has none).
    const played = clembenchMultimodalSuite.mean([100, 90, 83.33]);
    const quality = clembenchMultimodalSuite.mean([80, null, 60]);
    expect([played, quality]).toEqual([91.11, 70]);
    expect(gameClemscore(played, quality)).toBe(63.78); // 0.9111 × 70 = 63.777
    expect(groupedColumns(clembenchSuite)).toEqual(['referencegame', 'matchit_ascii', 'map']);
    expect(clembenchMultimodalSuite.groups!.map!.games).toEqual(clembenchMultimodalSuite.games.filter((g) => g.startsWith('mm_mapworld')));
  });

  it('prints differences signed and colours them by side', () => {
    expect([signed(1.234, 2), signed(-0.5, 2), signed(0, 2), signed(-0.001, 2), signed(null, 2)]).toEqual(['+1.23', '−0.50', '0.00', '0.00', '—']);
    expect([divergingLevel(10, 30), divergingLevel(-30, 30), divergingLevel(-11, 30), divergingLevel(0, 30), divergingLevel(null, 30), divergingLevel(5, 0)]).toEqual([1, -3, -2, 0, 0, 0]);
    expect(compared(0.1 + 0.2, 0.3, 2)).toEqual({ a: 0.30000000000000004, b: 0.3, diff: 0 });
    expect(Object.is(compared(1, 1, 2).diff, 0)).toBe(true);
  });

  it('refuses a comparison whose suites or columns do not exist', () => {
    const base: SuiteComparison = { ...clembenchTextVsImages, id: 'broken' };
    expect(() => registerComparison({ ...base, sides: [base.sides[0], { suite: 'nope', label: 'images' }] })).toThrow(/side 2 names the suite "nope", which is not registered/);
    expect(() => registerComparison({ ...base, sides: [base.sides[0], { suite: 'clembench', label: 'text' }] })).toThrow(/different labels/);
    expect(() => registerComparison({ ...base, sides: [base.sides[0], { suite: 'clembench', label: 'again' }], pairs: [{ label: 'Map', ids: ['map', 'textmapworld'] }] })).toThrow(/"textmapworld" is no column of the grouped clembench table/);
  });
});

describe('comparison files', () => {
  const tiny: SuiteComparison = {
    id: 'tiny_cmp',
    title: 'Tiny',
    description: 'Text & images.',
    sides: [{ suite: 'a', label: 'text' }, { suite: 'b', label: 'images' }],
    pairs: [{ label: 'Ref & Co', ids: ['r', 'r2'] }],
    measures: [clembenchTextVsImages.measures[2]!],
    overall: ['clemscore'],
  };
  const a = table('a', ['r'], [
    { player: 'm_1', games: { r: { played: 100, quality: 50 } }, overall: { clemscore: 50, avg_played: 100, avg_quality: 50 } },
    { player: 'm2', games: { r: { played: 80, quality: 50 } }, overall: { clemscore: 40, avg_played: 80, avg_quality: 50 } },
  ]);
  const b = table('b', ['r2'], [
    { player: 'm_1', games: { r2: { played: 100, quality: 60.5 } }, overall: { clemscore: 60.5, avg_played: 100, avg_quality: 60.5 } },
    { player: 'm2', games: { r2: { played: 0, quality: null, cannotPlay: 'cannot play: m2 takes no images' } }, overall: { clemscore: null, avg_played: 0, avg_quality: null } },
  ]);
  const view = compareTables(tiny, [a, b]);

  it('CSV: a row per player, <pair>_<measure>_<side> and _diff, two decimals, the reason where a model cannot play', () => {
    expect(comparisonCsv(view)).toBe(
      [
        'player,kind,clemscore_text,clemscore_images,clemscore_diff,ref_co_clemscore_text,ref_co_clemscore_images,ref_co_clemscore_diff,cannot_play',
        'm_1,model,50.00,60.50,-10.50,50.00,60.50,-10.50,',
        'm2,model,40.00,,,40.00,0.00,40.00,Ref & Co (images): cannot play: m2 takes no images',
        '',
      ].join('\r\n'),
    );
  });

  it('LaTeX: booktabs, a header per pair, signed differences, the best of each side in bold, specials escaped', () => {
    expect(comparisonLatex(view)).toBe(
      [
        '% Parlor export. Needs \\usepackage{booktabs} in the preamble.',
        '\\begin{table}[t]',
        '\\centering',
        '\\small',
        '\\begin{tabular}{lrrrrrr}',
        '\\toprule',
        ' & \\multicolumn{3}{c}{Overall} & \\multicolumn{3}{c}{Ref \\& Co} \\\\',
        '\\cmidrule(lr){2-4}\\cmidrule(lr){5-7}',
        ' & \\multicolumn{3}{c}{clemscore} & \\multicolumn{3}{c}{clem} \\\\',
        '\\cmidrule(lr){2-4}\\cmidrule(lr){5-7}',
        'Model & text & images & $\\Delta$ & text & images & $\\Delta$ \\\\',
        '\\midrule',
        'm\\_1 & \\textbf{50.00} & \\textbf{60.50} & $-$10.50 & \\textbf{50.00} & \\textbf{60.50} & $-$10.50 \\\\',
        'm2 & 40.00 & -- & -- & 40.00 & 0.00\\textsuperscript{\\dag} & +40.00 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '\\caption{Tiny. Text \\& images. Best of each side in bold (ties all bold). \\textsuperscript{\\dag} the model cannot play the game (it takes fewer images per message than the game shows): 0 \\% played.}',
        '\\label{tab:tiny_cmp}',
        '\\end{table}',
        '',
      ].join('\n'),
    );
  });

  it('suite files mark a game a player cannot play: a reason column in CSV, a dagger in LaTeX', () => {
    const rows = suiteCsvRows(b);
    expect(rows.map((r) => [r.player, r.r2_played, r.r2_quality, r.r2_cannot_play])).toEqual([['m_1', 100, 60.5, ''], ['m2', 0, null, 'cannot play: m2 takes no images']]);
    expect(suiteCsvRows(a)[0]).not.toHaveProperty('r_cannot_play');
    const tex = suiteLatex(b);
    expect(tex).toContain('m2 & -- & 0.00 & -- & 0.00\\textsuperscript{\\dag} & --\\textsuperscript{\\dag} \\\\');
    expect(tex).toContain('\\textsuperscript{\\dag} the model cannot play the game');
  });
});
