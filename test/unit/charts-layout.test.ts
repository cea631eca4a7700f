/**
 * Charts drawn for reading: a circle on every point (a player with one level still shows), axis
 * titles clear of the tick labels and level names (from the estimated text widths the layout uses),
 * frame colours from the theme passed (the app's dark theme), and PNG exports kept to a pixel budget.
 */
import { describe, expect, it } from 'vitest';
import { difficultySvg, type DifficultyData } from '../../shared/charts/difficulty';
import { heatmapSvg, type HeatmapData } from '../../shared/charts/heatmap';
import { pngScale, textWidth } from '../../shared/charts/svg';
import { chartTheme, DARK_CHART, LIGHT_CHART } from '../../shared/charts/theme';

function difficulty(players: string[], levels: string[], domain: [number, number] = [0, 1]): DifficultyData {
  return {
    axis: 'topic:category', axisLabel: 'category', metricLabel: 'mean number of turns', domain, players,
    rows: levels.map((level, i) => ({ level, mean: domain[1] / 2, unsolved: i === 0, players: Object.fromEntries(players.map((p) => [p, { mean: domain[1] / (i + 2), n: 3, solved: true }])) })),
  };
}
const heatmap: HeatmapData = { players: ['p1', 'p2'], topics: ['t'], metric: 'score', metricLabel: 'mean score', domain: [0, 1], topicKey: 'category', cells: [{ player: 'p1', topic: 't', n: 1, mean: 0.2, low: null, high: null }] };

const attrs = (tag: string): Record<string, string> => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
/** Each `<text>` of a class, with its attributes and text. */
const texts = (svg: string, cls: string) => [...svg.matchAll(new RegExp(`<text ([^>]*class="${cls}"[^>]*)>(?:<title>[^<]*</title>)?([^<]*)</text>`, 'g'))].map((m): Record<string, string> & { text: string } => ({ ...attrs(m[1]!), text: m[2]! }));

describe('markers', () => {
  it('a series with a single point shows as a circle, one per player', () => {
    const svg = difficultySvg(difficulty(['a', 'b'], ['only']));
    for (const p of ['a', 'b']) expect(svg).toMatch(new RegExp(`<g data-series="${p}"><path [^>]*/><circle cx="[\\d.]+" cy="[\\d.]+" r="3" fill="#[0-9A-F]{6}"[^>]*/></g>`));
  });

  it('every point of a line has its circle; a missing value leaves a gap, not a circle', () => {
    const data = difficulty(['a'], ['x', 'y', 'z', 'w']);
    delete data.rows[2]!.players.a;
    const series = /<g data-series="a">(.*?)<\/g>/.exec(difficultySvg(data))![1]!;
    expect(series.match(/<circle /g)).toHaveLength(3);
    expect(/d="([^"]*)"/.exec(series)![1]!.match(/M/g)).toHaveLength(2);
  });

  it('circles shrink where hundreds of items crowd the axis, but stay visible', () => {
    const svg = difficultySvg(difficulty(['a'], Array.from({ length: 500 }, (_, i) => `item ${i}`)));
    const lines = [...svg.matchAll(/<g (?:data-series="a"|class="mean")>(.*?)<\/g>/g)].map((m) => m[1]!).join('');
    const radii = [...lines.matchAll(/<circle cx="[\d.]+" cy="[\d.]+" r="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(radii.length).toBeGreaterThanOrEqual(1000); // the player's and the mean's
    for (const r of radii) expect(r).toBeGreaterThanOrEqual(1.5);
    expect(Math.max(...radii)).toBeLessThan(3);
  });
});

describe('axis titles', () => {
  it('the y title stays left of the widest tick label, however wide the numbers', () => {
    for (const domain of [[0, 1], [0, 20], [0, 123456]] as [number, number][]) {
      const svg = difficultySvg(difficulty(['a'], ['x', 'y'], domain));
      const title = texts(svg, 'axis-title y')[0]!;
      const titleRight = Number(title.x) + 12 * 0.3; // the rotated title's descenders
      for (const tick of texts(svg, 'tick')) expect(Number(tick.x) - textWidth(tick.text, 10), `${domain} ${tick.text}`).toBeGreaterThan(titleRight);
    }
  });

  it('the x title stays below level names hanging at 45°, and long names are clipped with their full name kept', () => {
    const long = 'A topic name far too long to sit under an axis without care';
    const svg = difficultySvg(difficulty(['a'], ['short', long, 'Ωmega']));
    const title = texts(svg, 'axis-title x')[0]!;
    const titleTop = Number(title.y) - 12;
    const levels = texts(svg, 'level');
    expect(levels).toHaveLength(3);
    for (const level of levels) expect(Number(level.y) + textWidth(level.text, 10) * Math.SQRT1_2 + 10 * 0.3, level.text).toBeLessThan(titleTop);
    expect(levels[1]!.text).toMatch(/…$/);
    expect(svg).toContain(`<title>${long}</title>`);
    expect(Number(attrs(/<svg [^>]*>/.exec(svg)![0]).height)).toBeGreaterThan(titleTop + 12);
  });

  it('the heatmap is wide enough for its colour legend with a single topic', () => {
    const svg = heatmapSvg(heatmap);
    const width = Number(attrs(/<svg [^>]*>/.exec(svg)![0]).width);
    const legend = [...svg.matchAll(/<text ([^>]*)>mean score<\/text>/g)].map((m) => attrs(m[1]!)).at(-1)!;
    expect(Number(legend.x) + textWidth('mean score', 11)).toBeLessThanOrEqual(width);
  });
});

describe('theme', () => {
  it('the light theme by default (the engine exports), the theme passed in the app', () => {
    const light = difficultySvg(difficulty(['a'], ['x']));
    expect(light).toContain(`<rect width="960" height="`);
    expect(light).toMatch(/<rect width="960" height="\d+" fill="#ffffff"\/>/);
    const dark = difficultySvg(difficulty(['a'], ['x']), { theme: DARK_CHART });
    expect(dark).toMatch(/<rect width="960" height="\d+" fill="#16181d"\/>/);
    for (const light of Object.values(LIGHT_CHART)) expect(dark).not.toContain(`"${light}"`);
    const map = heatmapSvg(heatmap, undefined, { theme: DARK_CHART });
    expect(map).toContain(`fill="${DARK_CHART.background}"`);
    expect(map).toContain(`fill="${DARK_CHART.empty}"`);
    expect(map).not.toContain('fill="#222222"');
  });

  it('reads colours from CSS variable values, keeping the fallback for a missing or malformed one', () => {
    const vars: Record<string, string> = { background: ' #101010', text: 'rgb(200, 200, 200)', grid: 'url(javascript:x)', muted: '' };
    const theme = chartTheme((k) => vars[k]);
    expect(theme).toEqual({ ...LIGHT_CHART, background: '#101010', text: 'rgb(200, 200, 200)' });
  });
});

describe('PNG export size', () => {
  it('2× for a chart of ordinary size, less for a huge one so encoding stays fast', () => {
    expect(pngScale(960, 360)).toBe(2);
    const s = pngScale(4300, 4500);
    expect(s).toBeLessThan(2);
    expect(4300 * 4500 * s * s).toBeLessThanOrEqual(8_000_001);
    expect(pngScale(1e6, 1e6)).toBe(0.5);
  });
});
