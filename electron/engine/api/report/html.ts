/**
 * HTML written as text for the static report. Everything that came from a model, a person or a dataset
 * goes through `esc`, so a reply holding `<script>`, quotes, `&` or control characters reads back in
 * the browser exactly as it was said, and is never markup.
 */

const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // A parser turns a raw CR into LF; the reference keeps it a CR (a CR LF stays two characters).
  '\r': '&#13;',
  // No HTML document can hold NUL: a parser drops it from text, so it is written as U+FFFD, what a parser makes of it anywhere else.
  '\0': '&#xFFFD;',
};

/**
 * Text for an element's content or a quoted attribute. Other control characters (ESC, C1, bidi
 * overrides) stay as they are: the parser keeps them in the text, where `&#…;` references to some of
 * them would be read as other characters (`&#x9b;` is "›").
 */
export function esc(text: string): string {
  return text.replace(/[&<>"'\r\0]/g, (c) => ENTITY[c]!);
}

type Attrs = Record<string, string | number | boolean | null | undefined>;

/** `<tag attrs>children</tag>`; `children` is markup already (build it from `esc` and `h`). Void elements take none. */
export function h(tag: string, attrs: Attrs = {}, children = ''): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${esc(String(v))}"`))
    .join('');
  return VOID.has(tag) ? `<${tag}${a}>` : `<${tag}${a}>${children}</${tag}>`;
}

const VOID = new Set(['br', 'img', 'meta', 'link', 'hr']);

/** A text element: `h(tag, attrs, esc(text))`. */
export function t(tag: string, attrs: Attrs, text: string): string {
  return h(tag, attrs, esc(text));
}

/**
 * An SVG chart (shared/charts) inside an HTML page. Its namespace declaration goes: the HTML parser
 * puts `<svg>` in the SVG namespace by itself, and the report then names no URL at all.
 */
export function inlineSvg(svg: string): string {
  return svg.replace(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, '<svg');
}

/**
 * What a page may load: its own stylesheet and images from the report's folder, nothing from a network
 * and no script at all (the report has none; an escaping bug would still run nothing). `file:` because
 * some browsers give a page opened from disk no origin for `'self'` to match.
 */
const POLICY = "default-src 'none'; style-src 'self' file:; img-src 'self' file: data:; script-src 'none'; base-uri 'none'; form-action 'none'";

export interface PageOptions {
  title: string;
  /** `../` for pages in a subfolder: links to the stylesheet and index are relative, so the folder opens from anywhere. */
  root: string;
  generator: string;
  /** The line under the title bar: where the page sits. */
  crumbs?: string;
}

/** A whole page: UTF-8, the report's stylesheet, a bar back to the index. */
export function page(options: PageOptions, body: string): string {
  return `<!doctype html>\n${h(
    'html',
    { lang: 'en' },
    h(
      'head',
      {},
      h('meta', { charset: 'utf-8' }) +
        h('meta', { 'http-equiv': 'Content-Security-Policy', content: POLICY }) +
        h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }) +
        h('meta', { name: 'generator', content: options.generator }) +
        t('title', {}, options.title) +
        h('link', { rel: 'stylesheet', href: `${options.root}report.css` }),
    ) +
      h(
        'body',
        {},
        h('header', { class: 'top' }, h('a', { href: `${options.root}index.html` }, 'Parlor report') + (options.crumbs ? ` · ${options.crumbs}` : '')) + h('main', {}, body),
      ),
  )}\n`;
}
