/**
 * The colours a chart's frame is drawn in (background, text, grid), apart from its data colours.
 * Exports written by the engine use LIGHT_CHART; the app passes the colours of its current theme,
 * read from the `--chart-*` CSS variables, so the chart on screen and its PNG follow the theme.
 */
export interface ChartTheme {
  background: string;
  /** Titles, legend and row labels. */
  text: string;
  /** Tick labels. */
  muted: string;
  grid: string;
  /** The mean-of-players line. */
  mean: string;
  /** A heatmap cell with no episodes. */
  empty: string;
  emptyStroke: string;
}

export const LIGHT_CHART: ChartTheme = { background: '#ffffff', text: '#222222', muted: '#444444', grid: '#e3e3e3', mean: '#555555', empty: '#f2f2f2', emptyStroke: '#dddddd' };

export const DARK_CHART: ChartTheme = { background: '#16181d', text: '#e7e9ee', muted: '#a3a9b4', grid: '#2c3038', mean: '#a3a9b4', empty: '#1f2229', emptyStroke: '#363a44' };

export interface ChartOptions {
  theme?: ChartTheme;
  /** The players colours are assigned among (the dataset's, not just those drawn); the players drawn are always added. */
  universe?: readonly string[];
}

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;

/** A theme from colour strings (CSS variable values); a missing or malformed one keeps `fallback`'s. */
export function chartTheme(read: (key: keyof ChartTheme) => string | undefined, fallback: ChartTheme = LIGHT_CHART): ChartTheme {
  const theme = { ...fallback };
  for (const key of Object.keys(fallback) as (keyof ChartTheme)[]) {
    const value = read(key)?.trim();
    if (value && COLOUR.test(value)) theme[key] = value;
  }
  return theme;
}
