import { scaleLinear } from 'd3-scale';
import { el, escapeXml, svgDocument } from './svg';

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

/** Okabe–Ito: eight colours that stay distinct for the common colour-vision deficiencies. */
export const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

/**
 * Items (or tag values) ordered easy → hard along x, a player's mean as a line, the mean over
 * players as a thick grey line, and items no player solved shaded — the paper's Figure 2, per player.
 */
export function difficultySvg(data: DifficultyData, width = 960, height = 360): string {
  const m = { top: 20, right: 180, bottom: 70, left: 46 };
  const n = data.rows.length;
  const x = scaleLinear().domain([0, Math.max(1, n - 1)]).range([m.left, width - m.right]);
  const [lo, hi] = data.domain;
  const y = scaleLinear().domain([lo, hi]).range([height - m.bottom, m.top]);
  const step = n > 1 ? x(1) - x(0) : 20;
  let body = '';
  data.rows.forEach((r, i) => {
    if (r.unsolved) body += el('rect', { x: x(i) - step / 2, y: m.top, width: Math.max(1, step), height: height - m.top - m.bottom, fill: '#D55E00', 'fill-opacity': 0.12 });
  });
  for (const f of [0, 0.25, 0.5, 0.75, 1]) {
    const t = lo + f * (hi - lo);
    body += el('line', { x1: m.left, x2: width - m.right, y1: y(t), y2: y(t), stroke: '#e3e3e3' });
    body += el('text', { x: m.left - 6, y: y(t) + 4, 'text-anchor': 'end', fill: '#444444', 'font-size': 10 }, t.toFixed(hi - lo > 10 ? 0 : 2));
  }
  const path = (values: (number | null)[]) =>
    values.map((v, i) => (v === null ? '' : `${i === 0 || values[i - 1] === null ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`)).join('');
  data.players.forEach((p, k) => {
    const colour = OKABE_ITO[k % OKABE_ITO.length]!;
    body += el('path', { d: path(data.rows.map((r) => r.players[p]?.mean ?? null)), fill: 'none', stroke: colour, 'stroke-width': 1.5, 'stroke-dasharray': k >= OKABE_ITO.length ? '4 2' : undefined });
    body += el('rect', { x: width - m.right + 14, y: m.top + k * 18, width: 12, height: 3, fill: colour });
    body += el('text', { x: width - m.right + 32, y: m.top + k * 18 + 5, fill: '#222222', 'font-size': 11 }, escapeXml(p));
  });
  body += el('path', { d: path(data.rows.map((r) => r.mean)), fill: 'none', stroke: '#555555', 'stroke-width': 3, 'stroke-opacity': 0.6 });
  const legendY = m.top + data.players.length * 18;
  body += el('rect', { x: width - m.right + 14, y: legendY, width: 12, height: 3, fill: '#555555' });
  body += el('text', { x: width - m.right + 32, y: legendY + 5, fill: '#222222', 'font-size': 11 }, 'mean of players');
  body += el('rect', { x: width - m.right + 14, y: legendY + 14, width: 12, height: 10, fill: '#D55E00', 'fill-opacity': 0.12 });
  body += el('text', { x: width - m.right + 32, y: legendY + 23, fill: '#222222', 'font-size': 11 }, 'no player solved it');
  // Level names fit when there are few of them (topics); items are too many to label one by one.
  if (n <= 40) {
    data.rows.forEach((r, i) => {
      body += el('text', { x: x(i), y: height - m.bottom + 12, transform: `rotate(45 ${x(i)} ${height - m.bottom + 12})`, fill: '#444444', 'font-size': 10 }, escapeXml(r.level));
    });
  }
  body += el('text', { x: (m.left + width - m.right) / 2, y: height - 6, 'text-anchor': 'middle', fill: '#222222' }, `${escapeXml(data.axisLabel)}, easy → hard (${n})`);
  body += el('text', { x: 12, y: (m.top + height - m.bottom) / 2, transform: `rotate(-90 12 ${(m.top + height - m.bottom) / 2})`, 'text-anchor': 'middle', fill: '#222222' }, escapeXml(data.metricLabel));
  return svgDocument(width, height, `Difficulty by ${data.axis}`, body);
}
