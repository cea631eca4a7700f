import { scaleSequential } from 'd3-scale';
import { interpolateCividis } from 'd3-scale-chromatic';
import { playerStyles } from './players';
import { clip, el, escapeXml, svgDocument, textOn, textWidth } from './svg';
import { LIGHT_CHART, type ChartOptions } from './theme';
import { metricNumber } from '../contract/game';

export interface HeatmapData {
  players: string[];
  topics: string[];
  metric: string;
  /** What the cells show: "mean score", "success rate". */
  metricLabel: string;
  /** The metric's range, for the colour scale. */
  domain: [number, number];
  topicKey: string;
  cells: { player: string; topic: string; n: number; mean: number; low: number | null; high: number | null }[];
  /** Cells over fewer episodes say "too few" instead of a mean (greyed, still open their episodes). */
  minEpisodes?: number;
  /** A share shown as a percentage (× 100), as the metric's other tables show it. */
  percent?: boolean;
}

export type HeatmapOrder = 'name' | 'mean';

const SWATCH = 10;
const STEPS = 10;

/** Rows and columns in the order asked: by name, or by their mean (best first). */
export function orderHeatmap(data: HeatmapData, rows: HeatmapOrder, columns: HeatmapOrder): { players: string[]; topics: string[] } {
  const meanOf = (key: 'player' | 'topic', value: string) => {
    const cells = data.cells.filter((c) => c[key] === value);
    const n = cells.reduce((a, c) => a + c.n, 0);
    return n ? cells.reduce((a, c) => a + c.mean * c.n, 0) / n : 0;
  };
  const sort = (list: string[], key: 'player' | 'topic', order: HeatmapOrder) =>
    order === 'name' ? [...list].sort((a, b) => a.localeCompare(b)) : [...list].sort((a, b) => meanOf(key, b) - meanOf(key, a) || a.localeCompare(b));
  return { players: sort(data.players, 'player', rows), topics: sort(data.topics, 'topic', columns) };
}

/**
 * Players × topics as SVG. Colour: cividis (perceptually uniform, readable with colour-vision
 * deficiency) from 0 to 1; each cell shows its mean and n, and carries its interval in a tooltip.
 * Cells have `data-player`/`data-topic` so the app can make them clickable. Each player's name has
 * its swatch (`data-swatch`): the colour its line has on the difficulty chart.
 */
export function heatmapSvg(data: HeatmapData, order: { rows: HeatmapOrder; columns: HeatmapOrder } = { rows: 'mean', columns: 'name' }, options: ChartOptions = {}): string {
  const theme = options.theme ?? LIGHT_CHART;
  const styles = playerStyles([...(options.universe ?? []), ...data.players]);
  const { players, topics } = orderHeatmap(data, order.rows, order.columns);
  const cellW = 64;
  const cellH = 34;
  const names = players.map((p) => clip(p, 40));
  const left = 12 + SWATCH + 14 + Math.max(56, ...names.map((p) => textWidth(p, 12)));
  const top = 24 + 6.5 * Math.max(6, ...topics.map((t) => t.length));
  const legendH = 46;
  const legendW = STEPS * 20 + 10 + textWidth(data.metricLabel, 11);
  const width = left + Math.max(cellW * topics.length, legendW) + 20;
  const height = top + cellH * players.length + legendH;
  const [lo, hi] = data.domain;
  const colour = scaleSequential(interpolateCividis).domain([lo, hi]);
  const at = new Map(data.cells.map((c) => [`${c.player}\u0000${c.topic}`, c]));
  const label = data.metricLabel;
  let body = '';
  topics.forEach((t, j) => {
    const x = left + j * cellW + cellW / 2;
    body += el('text', { x, y: top - 8, transform: `rotate(-45 ${x} ${top - 8})`, 'text-anchor': 'start', fill: theme.text }, escapeXml(t));
  });
  players.forEach((p, i) => {
    const y = top + i * cellH;
    const style = styles.get(p)!;
    body += el('rect', { x: left - 8 - SWATCH, y: y + (cellH - 2 - SWATCH) / 2, width: SWATCH, height: SWATCH, rx: 2, fill: style.colour, 'data-swatch': p });
    body += el('text', { x: left - 14 - SWATCH, y: y + cellH / 2 + 4, 'text-anchor': 'end', fill: theme.text }, (names[i] === p ? '' : el('title', {}, escapeXml(p))) + escapeXml(names[i]!));
    topics.forEach((t, j) => {
      const c = at.get(`${p}\u0000${t}`);
      const x = left + j * cellW;
      if (!c) {
        body += el('rect', { x, y, width: cellW - 2, height: cellH - 2, fill: theme.empty, stroke: theme.emptyStroke });
        return;
      }
      const thin = c.n < (data.minEpisodes ?? 1);
      const fill = thin ? theme.empty : colour(Math.max(lo, Math.min(hi, c.mean)));
      const interval = c.low === null || c.high === null ? 'no interval with one episode' : `95% CI ${metricNumber(data, c.low, 2)}–${metricNumber(data, c.high, 2)}`;
      const tip = thin
        ? `${p} · ${t}: too few episodes for a mean (n = ${c.n}, fewer than ${data.minEpisodes})`
        : `${p} · ${t}: ${label} ${metricNumber(data, c.mean, 2)} (${interval}), n = ${c.n}`;
      body += el(
        'g',
        { class: 'cell', 'data-player': p, 'data-topic': t, tabindex: 0, role: 'button', 'aria-label': tip },
        el('title', {}, escapeXml(tip)) +
          el('rect', { x, y, width: cellW - 2, height: cellH - 2, fill, rx: 2, ...(thin ? { stroke: theme.emptyStroke, 'stroke-dasharray': '3 2', 'data-too-few': '' } : {}) }) +
          (thin
            ? el('text', { x: x + cellW / 2 - 1, y: y + 15, 'text-anchor': 'middle', fill: theme.text, 'font-size': 11 }, 'too few')
            : el('text', { x: x + cellW / 2 - 1, y: y + 15, 'text-anchor': 'middle', fill: textOn(fill), 'font-weight': 600 }, metricNumber(data, c.mean, 2))) +
          el('text', { x: x + cellW / 2 - 1, y: y + 28, 'text-anchor': 'middle', fill: thin ? theme.text : textOn(fill), 'font-size': 10 }, `n=${c.n}`),
      );
    });
  });
  const ly = top + cellH * players.length + 18;
  const steps = STEPS;
  for (let s = 0; s < steps; s++) body += el('rect', { x: left + s * 20, y: ly, width: 20, height: 10, fill: colour(lo + ((hi - lo) * s) / (steps - 1)) });
  body += el('text', { x: left, y: ly + 24, fill: theme.text, 'font-size': 10 }, String(lo));
  body += el('text', { x: left + steps * 20, y: ly + 24, 'text-anchor': 'end', fill: theme.text, 'font-size': 10 }, String(hi));
  body += el('text', { x: left + steps * 20 + 10, y: ly + 9, fill: theme.text, 'font-size': 11 }, escapeXml(label));
  return svgDocument(width, height, `${label} by ${data.topicKey}`, body, theme.background);
}
