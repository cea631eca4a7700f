import { scaleLinear } from 'd3-scale';
import type { ProbeView } from '../api/capabilities/probing';
import { playerStyles } from './players';
import { el, escapeXml, svgDocument, textWidth } from './svg';
import { LIGHT_CHART, type ChartOptions } from './theme';
import { fixed } from '../text/number';

const TICK = 10;
const LEGEND = 11;

/**
 * The true answer's mean rank among a probe's items at each turn, one line per model with its 95%
 * interval as a band; rank 1 at the top, "absent" (size + 1) at the bottom, so a line rising over the
 * turns is a model closing in.
 */
export function probeRankSvg(view: Pick<ProbeView, 'series' | 'size' | 'absentRank'>, options: ChartOptions & { width?: number } = {}): string {
  const theme = options.theme ?? LIGHT_CHART;
  const width = options.width ?? 760;
  const players = view.series.map((s) => s.player);
  const styles = playerStyles([...(options.universe ?? []), ...players]);
  const lastRound = Math.max(1, ...view.series.flatMap((s) => s.points.map((p) => p.round)));
  const m = { top: 16, left: 74, right: 24 + Math.max(60, ...players.map((p) => textWidth(p, LEGEND))) + 24, bottom: 44 };
  const height = 300;
  const x = scaleLinear().domain([1, Math.max(2, lastRound)]).range([m.left, width - m.right]);
  const y = scaleLinear().domain([1, view.absentRank]).range([m.top, height - m.bottom]);
  let body = '';
  for (let rank = 1; rank <= view.absentRank; rank++) {
    body += el('line', { x1: m.left, x2: width - m.right, y1: y(rank), y2: y(rank), stroke: theme.grid });
    body += el('text', { x: m.left - 6, y: y(rank) + 4, 'text-anchor': 'end', fill: theme.muted, 'font-size': TICK, class: 'tick' }, rank === view.absentRank ? 'absent' : String(rank));
  }
  for (let round = 1; round <= lastRound; round++) {
    if (lastRound > 20 && round % 5 !== 0 && round !== 1) continue;
    body += el('text', { x: x(round), y: height - m.bottom + 16, 'text-anchor': 'middle', fill: theme.muted, 'font-size': TICK, class: 'tick' }, String(round));
  }
  view.series.forEach((s, k) => {
    const style = styles.get(s.player)!;
    const banded = s.points.filter((p) => p.low !== null && p.high !== null);
    let group = '';
    if (banded.length > 1) {
      const upper = banded.map((p) => `${fixed(x(p.round), 1)},${fixed(y(p.low!), 1)}`);
      const lower = banded.map((p) => `${fixed(x(p.round), 1)},${fixed(y(p.high!), 1)}`).reverse();
      group += el('polygon', { points: [...upper, ...lower].join(' '), fill: style.colour, 'fill-opacity': 0.12, stroke: 'none' });
    }
    const d = s.points.map((p, i) => `${i === 0 || s.points[i - 1]!.round !== p.round - 1 ? 'M' : 'L'}${fixed(x(p.round), 1)},${fixed(y(p.meanRank), 1)}`).join('');
    group += el('path', { d, fill: 'none', stroke: style.colour, 'stroke-width': 2, 'stroke-dasharray': style.dash });
    for (const p of s.points) {
      group += el('circle', { cx: fixed(x(p.round), 1), cy: fixed(y(p.meanRank), 1), r: 3, fill: style.colour, 'data-player': s.player, 'data-round': p.round }, el('title', {}, escapeXml(`${s.player}, turn ${p.round}: mean rank ${fixed(p.meanRank, 2)} over ${p.n} episodes`)));
    }
    body += el('g', { 'data-series': s.player }, group);
    const ly = m.top + k * 18;
    const lx = width - m.right + 14;
    body += el('line', { x1: lx, x2: lx + 12, y1: ly + 1.5, y2: ly + 1.5, stroke: style.colour, 'stroke-width': 2, 'stroke-dasharray': style.dash, 'data-swatch': s.player });
    body += el('text', { x: lx + 18, y: ly + 5, fill: theme.text, 'font-size': LEGEND }, escapeXml(s.player));
  });
  body += el('text', { x: (m.left + width - m.right) / 2, y: height - 8, 'text-anchor': 'middle', fill: theme.text, class: 'axis-title x' }, 'turn');
  const midY = (m.top + height - m.bottom) / 2;
  body += el('text', { x: 18, y: midY, transform: `rotate(-90 18 ${midY})`, 'text-anchor': 'middle', fill: theme.text, class: 'axis-title y' }, `rank of the answer in the top ${view.size}`);
  return svgDocument(width, height, `Rank of the true answer among the top ${view.size}, by turn`, body, theme.background);
}
