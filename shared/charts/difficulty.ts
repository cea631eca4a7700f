import { scaleLinear } from 'd3-scale';
import { playerStyles } from './players';
import { clip, el, escapeXml, svgDocument, textWidth } from './svg';
import { LIGHT_CHART, type ChartOptions, type ChartTheme } from './theme';
import { fixed } from '../text/number';

export { PLAYER_PALETTE } from './players';

export interface DifficultyData {
  axis: string;
  /** What the levels are: "entities", or a tag's name. */
  axisLabel: string;
  /** What the lines show: "mean score". */
  metricLabel: string;
  /** The metric's range (the y axis). */
  domain: [number, number];
  players: string[];
  rows: { level: string; mean: number; unsolved: boolean; players: Record<string, { mean: number; n: number; solved: boolean }> }[];
}

const TICK = 10;
const TITLE = 12;
const LEGEND = 11;
const LEVEL_CHARS = 28;
const MARKER = 3;
const SHADE = '#D55E00';

/**
 * Items (or tag values) ordered easy → hard along x, a player's mean as a line with a circle on each
 * point (so a player with one level still shows), the mean over players as a thick grey line, and
 * items no player solved shaded — the paper's Figure 2, per player. Margins are computed from the
 * estimated widths of tick labels, level names and legend entries, so titles never sit on them.
 */
export function difficultySvg(data: DifficultyData, options: ChartOptions & { width?: number; plotHeight?: number } = {}): string {
  const theme = options.theme ?? LIGHT_CHART;
  const width = options.width ?? 960;
  const styles = playerStyles([...(options.universe ?? []), ...data.players]);
  const n = data.rows.length;
  const [lo, hi] = data.domain;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => lo + f * (hi - lo));
  const tickText = (t: number) => fixed(t, hi - lo > 10 ? 0 : 2);
  const levels = n <= 40 ? data.rows.map((r) => clip(r.level, LEVEL_CHARS)) : []; // items are too many to label one by one
  const legendText = [...data.players, 'mean of players', 'no player solved it'];
  const legendRows = legendText.length;
  const titleX = 6 + TITLE; // baseline of the rotated y title; its glyphs reach about one size to the left
  const m = {
    top: 20,
    left: titleX + 10 + Math.max(...ticks.map((t) => textWidth(tickText(t), TICK))) + 6,
    right: 32 + Math.max(...legendText.map((t) => textWidth(t, LEGEND))) + 10,
    // Level names hang at 45° below the axis: their drop is width·sin 45° plus a line's height.
    labels: levels.length ? 12 + Math.ceil(Math.max(...levels.map((l) => textWidth(l, TICK))) * Math.SQRT1_2) + TICK : 0,
  };
  const plotHeight = Math.max(options.plotHeight ?? 270, legendRows * 18 + 10);
  const plotBottom = m.top + plotHeight;
  const titleY = plotBottom + m.labels + 10 + TITLE;
  const height = titleY + 8;
  const x = scaleLinear().domain([0, Math.max(1, n - 1)]).range([m.left, width - m.right]);
  const y = scaleLinear().domain([lo, hi]).range([plotBottom, m.top]);
  const step = n > 1 ? x(1) - x(0) : 20;
  // Circles shrink where hundreds of items crowd the axis, never below a visible 1.5 px.
  const marker = Math.max(1.5, Math.min(MARKER, step * 0.4));
  let body = '';
  data.rows.forEach((r, i) => {
    if (r.unsolved) body += el('rect', { x: x(i) - step / 2, y: m.top, width: Math.max(1, step), height: plotHeight, fill: SHADE, 'fill-opacity': 0.12 });
  });
  for (const t of ticks) {
    body += el('line', { x1: m.left, x2: width - m.right, y1: y(t), y2: y(t), stroke: theme.grid });
    body += el('text', { x: m.left - 6, y: y(t) + 4, 'text-anchor': 'end', fill: theme.muted, 'font-size': TICK, class: 'tick' }, tickText(t));
  }
  const points = (values: (number | null)[]) => values.flatMap((v, i) => (v === null ? [] : [{ i, x: fixed(x(i), 1), y: fixed(y(v), 1) }]));
  const path = (values: (number | null)[]) => points(values).map((p, k, all) => `${k === 0 || all[k - 1]!.i !== p.i - 1 ? 'M' : 'L'}${p.x},${p.y}`).join('');
  const series = (values: (number | null)[], stroke: string, attrs: Record<string, string | number | undefined>, r: number) =>
    el('path', { d: path(values), fill: 'none', stroke, ...attrs }) +
    points(values).map((p) => el('circle', { cx: p.x, cy: p.y, r: Number(fixed(r, 1)), fill: stroke, stroke: theme.background, 'stroke-width': r > 2 ? 1 : 0.5 })).join('');
  const legendX = width - m.right + 14;
  data.players.forEach((p, k) => {
    const style = styles.get(p)!;
    const values = data.rows.map((r) => r.players[p]?.mean ?? null);
    body += el('g', { 'data-series': p }, series(values, style.colour, { 'stroke-width': 1.5, 'stroke-dasharray': style.dash }, marker));
    body += legendEntry(legendX, m.top + k * 18, style.colour, style.dash, p, theme, true);
  });
  body += el('g', { class: 'mean' }, series(data.rows.map((r) => r.mean), theme.mean, { 'stroke-width': 3, 'stroke-opacity': 0.6 }, Math.min(2, marker)));
  const legendY = m.top + data.players.length * 18;
  body += legendEntry(legendX, legendY, theme.mean, undefined, 'mean of players', theme);
  body += el('rect', { x: legendX, y: legendY + 14, width: 12, height: 10, fill: SHADE, 'fill-opacity': 0.12 });
  body += el('text', { x: legendX + 18, y: legendY + 23, fill: theme.text, 'font-size': LEGEND }, 'no player solved it');
  levels.forEach((level, i) => {
    const full = data.rows[i]!.level;
    body += el('text', { x: x(i), y: plotBottom + 12, transform: `rotate(45 ${x(i)} ${plotBottom + 12})`, fill: theme.muted, 'font-size': TICK, class: 'level' }, (level === full ? '' : el('title', {}, escapeXml(full))) + escapeXml(level));
  });
  body += el('text', { x: (m.left + width - m.right) / 2, y: titleY, 'text-anchor': 'middle', fill: theme.text, class: 'axis-title x' }, `${escapeXml(data.axisLabel)}, easy → hard (${n})`);
  const midY = (m.top + plotBottom) / 2;
  body += el('text', { x: titleX, y: midY, transform: `rotate(-90 ${titleX} ${midY})`, 'text-anchor': 'middle', fill: theme.text, class: 'axis-title y' }, escapeXml(data.metricLabel));
  return svgDocument(width, height, `Difficulty by ${data.axis}`, body, theme.background);
}

/** A line with its marker, and the name: the same mark the series is drawn with. */
function legendEntry(x: number, y: number, colour: string, dash: string | undefined, label: string, theme: ChartTheme, player = false): string {
  return (
    el('line', { x1: x, x2: x + 12, y1: y + 1.5, y2: y + 1.5, stroke: colour, 'stroke-width': 2, 'stroke-dasharray': dash, 'data-swatch': player ? label : undefined }) +
    el('circle', { cx: x + 6, cy: y + 1.5, r: MARKER, fill: colour }) +
    el('text', { x: x + 18, y: y + 5, fill: theme.text, 'font-size': LEGEND }, escapeXml(label))
  );
}
