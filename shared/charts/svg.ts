/** Small helpers for charts written as SVG text: the same markup is shown in the app and exported. */

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

type Attrs = Record<string, string | number | undefined>;

export function el(tag: string, attrs: Attrs, children = ''): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  return children ? `<${tag}${a}>${children}</${tag}>` : `<${tag}${a}/>`;
}

/**
 * A standalone SVG document. Presentation attributes only (no style attributes): the app's
 * Content-Security-Policy forbids inline styles, and exported files render the same everywhere.
 */
export function svgDocument(width: number, height: number, title: string, body: string, background = '#ffffff'): string {
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': title, 'font-family': 'system-ui, sans-serif', 'font-size': 12 },
    el('title', {}, escapeXml(title)) + el('rect', { width, height, fill: background }) + body,
  );
}

/**
 * A generous estimate of how wide a line of text is drawn, in px: charts place titles from it, and
 * cannot measure (the engine has no fonts). Widths per character class are those of DejaVu Sans,
 * the widest common sans-serif, so real system fonts come out narrower, never wider.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) {
    if (/[ijlI.,:;'|!()[\] ]/.test(c)) em += 0.34;
    else if (/[mwMW@%]/.test(c)) em += 0.95;
    else if (/[A-Z]/.test(c)) em += 0.74;
    else if (/[0-9a-z\-+−]/.test(c)) em += 0.64;
    else em += c.charCodeAt(0) > 0x2e7f ? 1 : 0.7; // CJK and symbols are full-width
  }
  return Math.ceil(em * fontSize);
}

/** `text` cut to `max` characters with an ellipsis: labels that would push a chart's layout apart. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Black or white text, whichever reads better on a fill colour (WCAG relative luminance). */
export function textOn(fill: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(fill);
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(fill);
  const channels = hex ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) : rgb ? rgb.slice(1, 4).map(Number) : [255, 255, 255];
  const [r, g, b] = channels.map((v) => v / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.179 ? '#000000' : '#ffffff';
}

/** Pixels a PNG export may have: 2× for a sharp chart, less for a huge heatmap (encoding grows with the area). */
const PNG_PIXELS = 8_000_000;

/** The scale the app rasterises a chart of that size at, for its PNG export. */
export function pngScale(width: number, height: number): number {
  return Math.max(0.5, Math.min(2, Math.sqrt(PNG_PIXELS / Math.max(1, width * height))));
}
