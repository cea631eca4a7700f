import { useEffect, useState } from 'react';
import { pngScale } from '../../shared/charts/svg';
import { chartTheme, type ChartTheme } from '../../shared/charts/theme';
import { download } from './download';

const VARIABLES: Record<keyof ChartTheme, string> = {
  background: '--chart-bg',
  text: '--chart-fg',
  muted: '--chart-muted',
  grid: '--chart-grid',
  mean: '--chart-mean',
  empty: '--chart-empty',
  emptyStroke: '--chart-empty-stroke',
};

/** The chart colours of the theme in force now, from the `--chart-*` CSS variables (styles.css). */
export function readChartTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  return chartTheme((key) => style.getPropertyValue(VARIABLES[key]));
}

/** The current chart colours, read again when the app's theme or the system's colour scheme changes. */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    const update = () => setTheme((old) => {
      const next = readChartTheme();
      return JSON.stringify(next) === JSON.stringify(old) ? old : next;
    });
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', update);
    return () => {
      observer.disconnect();
      scheme.removeEventListener('change', update);
    };
  }, []);
  return theme;
}

/** Saves a chart as the SVG the app shows. */
export function saveSvg(svg: string, name: string): void {
  download({ filename: `${name}.svg`, mime: 'image/svg+xml', content: svg });
}

/**
 * Rasterises a chart through a canvas (a data: URL, which the page's CSP allows for images). The SVG
 * carries its theme's background, so the PNG looks as the chart does on screen.
 */
export async function savePng(svg: string, name: string): Promise<void> {
  const width = Number(/width="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 800);
  const height = Number(/height="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 600);
  const scale = pngScale(width, height);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { alpha: false })!;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.png`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
