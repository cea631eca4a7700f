/**
 * clembench's grid images, drawn the way its instance generator's `plot_grid` drew them with
 * matplotlib's defaults: a 640×480 figure at 100 dpi, one axes (subplot params left .125, right .9,
 * bottom .11, top .88) framed by 0.8 pt spines without ticks, one 1×1 white cell with a 1 pt black edge
 * per grid cell at (x, −y−1), the view fitted to the cells with 5 % margins, and every cell but "▢"
 * carrying its character centred in DejaVu Sans 12 pt. Agg's pixel snapping (rectilinear paths sit on
 * pixel centres for odd-rounded line widths) is reproduced, so lines land on the same pixels as
 * clembench's PNGs; glyph hinting differs, so the letters may differ by a pixel.
 */
import { FONT, newCanvas } from '../../media/canvas';

const WIDTH = 640;
const HEIGHT = 480;
const DPI = 100;
const PT = DPI / 72;
/** The axes box in pixels, y downwards (matplotlib's subplot params on a 640×480 figure). */
const AXES = { left: 0.125 * WIDTH, right: 0.9 * WIDTH, top: HEIGHT - 0.88 * HEIGHT, bottom: HEIGHT - 0.11 * HEIGHT };
const MARGIN = 0.05;
const CELL_EDGE = 1.0 * PT;
const SPINE = 0.8 * PT;
const FONT_PX = 12 * PT;
const EMPTY = '▢';

/** A grid as plot_grid reads it: rows split on "\n", cells on " ". */
export function gridCells(grid: string): string[][] {
  return grid.split('\n').map((line) => line.split(' '));
}

/** Agg's snapping of a rectilinear path's vertex: to a pixel centre when the rounded line width is odd, else to a pixel edge. */
function snap(v: number, lineWidth: number): number {
  return Math.floor(v + 0.5) + (Math.round(lineWidth) % 2 === 1 ? 0.5 : 0);
}

interface View {
  x: (data: number) => number;
  y: (data: number) => number;
}

/** Data → pixels for cells spanning x ∈ [0, cols], y ∈ [−rows, 0], with autoscale_view's margins. */
function viewOf(rows: number, cols: number): View {
  const [x0, x1] = [-MARGIN * cols, cols + MARGIN * cols];
  const [y0, y1] = [-rows - MARGIN * rows, MARGIN * rows];
  return {
    x: (d) => AXES.left + ((d - x0) / (x1 - x0)) * (AXES.right - AXES.left),
    y: (d) => AXES.top + ((y1 - d) / (y1 - y0)) * (AXES.bottom - AXES.top),
  };
}

/** Skia's text metrics are coarse (whole pixels, padded bounds), so a character's ink is measured by drawing it large once. */
const MEASURE_PX = 256;

interface Ink {
  /** Ink edges relative to the pen position, in pixels at FONT_PX (left of the pen is negative; up is negative). */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const inkCache = new Map<string, Ink>();

function inkOf(text: string): Ink {
  const known = inkCache.get(text);
  if (known) return known;
  const [w, h, penX, baseline] = [MEASURE_PX * (text.length + 2), MEASURE_PX * 2, MEASURE_PX, Math.round(MEASURE_PX * 1.5)];
  const g = newCanvas(w, h).getContext('2d');
  g.font = `${MEASURE_PX}px ${FONT}`;
  g.fillStyle = '#000000';
  g.fillText(text, penX, baseline);
  const alpha = g.getImageData(0, 0, w, h).data;
  let [minX, maxX, minY, maxY] = [w, -1, h, -1];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Half coverage marks the outline's edge.
      if (alpha[(y * w + x) * 4 + 3]! < 128) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const k = FONT_PX / MEASURE_PX;
  const ink = maxX < 0 ? { left: 0, right: 0, top: 0, bottom: 0 } : { left: (minX - penX) * k, right: (maxX + 1 - penX) * k, top: (minY - baseline) * k, bottom: (maxY + 1 - baseline) * k };
  inkCache.set(text, ink);
  return ink;
}

/**
 * Where matplotlib puts a one-line text centred at (cx, cy): its layout box is the ink width by the
 * larger of its own and "lp"'s ink height, the baseline sits the larger descent above the box's
 * bottom, and Agg draws the glyphs on whole pixels (hinting puts the ink's left edge on one).
 */
function placeText(text: string, cx: number, cy: number): { x: number; baseline: number } {
  const own = inkOf(text);
  const lp = inkOf('lp');
  const height = Math.max(own.bottom - own.top, lp.bottom - lp.top);
  const descent = Math.max(own.bottom, lp.bottom, 0);
  const inkLeft = Math.round(cx - (own.right - own.left) / 2);
  return { x: inkLeft - own.left, baseline: Math.round(cy + height / 2 - descent) };
}

/** The PNG of one grid, as clembench's `plot_grid` drew it. */
export function renderGrid(grid: string): Uint8Array {
  const cells = gridCells(grid);
  const rows = cells.length;
  const cols = Math.max(...cells.map((r) => r.length));
  const canvas = newCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, WIDTH, HEIGHT);
  const view = viewOf(rows, cols);

  // Patches in the order plot_grid adds them: each cell filled, then its edge stroked.
  g.lineWidth = CELL_EDGE;
  g.lineJoin = 'miter';
  g.strokeStyle = '#000000';
  cells.forEach((row, y) =>
    row.forEach((_, x) => {
      const left = snap(view.x(x), CELL_EDGE);
      const right = snap(view.x(x + 1), CELL_EDGE);
      const top = snap(view.y(-y), CELL_EDGE);
      const bottom = snap(view.y(-y - 1), CELL_EDGE);
      g.fillStyle = '#ffffff';
      g.fillRect(left, top, right - left, bottom - top);
      g.strokeRect(left, top, right - left, bottom - top);
    }),
  );

  // The four spines (zorder 2.5, above the patches), projecting caps.
  const [l, r, t, b] = [snap(AXES.left, SPINE), snap(AXES.right, SPINE), snap(AXES.top, SPINE), snap(AXES.bottom, SPINE)];
  g.lineWidth = SPINE;
  g.lineCap = 'square';
  // Each spine is its own artist: drawn one by one, the corners are covered twice as in matplotlib.
  for (const [ax, ay, bx, by] of [
    [l, b, l, t],
    [r, b, r, t],
    [l, b, r, b],
    [l, t, r, t],
  ] as const) {
    g.beginPath();
    g.moveTo(ax, ay);
    g.lineTo(bx, by);
    g.stroke();
  }

  // The characters (zorder 3), at the cell centres.
  g.fillStyle = '#000000';
  g.textAlign = 'left';
  g.textBaseline = 'alphabetic';
  cells.forEach((row, y) =>
    row.forEach((ch, x) => {
      if (ch === EMPTY || ch === '') return;
      const at = placeText(ch, view.x(x + 0.5), view.y(-y - 0.5));
      g.font = `${FONT_PX}px ${FONT}`;
      g.fillText(ch, at.x, at.baseline);
    }),
  );
  return canvas.toBuffer('image/png');
}
