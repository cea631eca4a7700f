/**
 * What a chart SVG says, apart from how it is laid out: every text and tooltip in order (a level name
 * clipped with an ellipsis counts as its full name, kept in its <title>), and each line of a
 * difficulty chart read back as values (by the y ticks) at level indices. Issue 17 moved, recoloured
 * and marked the charts on purpose; comparing these proves the numbers did not change.
 */
export interface ChartContent {
  texts: string[];
  lines: string[];
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function chartContent(svg: string): ChartContent {
  const texts: string[] = [];
  for (const m of svg.matchAll(/<(text|title)\b[^>]*>([^<]*)/g)) {
    const text = unescape(m[2]!);
    if (!text) continue;
    if (text.endsWith('…') && texts.at(-1)?.startsWith(text.slice(0, -1))) continue; // a clipped name after its full one
    texts.push(text);
  }
  const ticks = [...svg.matchAll(/<text x="[\d.]+" y="([\d.]+)" text-anchor="end"[^>]*font-size="10"[^>]*>([-\d.]+)<\/text>/g)].map((m) => ({ y: Number(m[1]) - 4, value: Number(m[2]) }));
  const paths = [...svg.matchAll(/<path d="([^"]*)" fill="none"/g)].map((m) => [...m[1]!.matchAll(/([ML])([\d.]+),([\d.]+)/g)].map((p) => ({ move: p[1] === 'M', x: Number(p[2]), y: Number(p[3]) })));
  const xs = paths.flat().map((p) => p.x);
  const levels = Number(/\((\d+)\)<\/text>/.exec(svg)?.[1] ?? 1);
  const [lo, hi] = [ticks[0], ticks.at(-1)];
  const value = (y: number) => (lo && hi && hi.y !== lo.y ? lo.value + ((y - lo.y) * (hi.value - lo.value)) / (hi.y - lo.y) : y);
  const index = (x: number) => (xs.length && Math.max(...xs) > Math.min(...xs) ? Math.round(((x - Math.min(...xs)) / (Math.max(...xs) - Math.min(...xs))) * (levels - 1)) : 0);
  const lines = paths.map((points) => points.map((p) => `${p.move ? '|' : ''}${index(p.x)}:${value(p.y).toFixed(2)}`).join(' '));
  return { texts, lines };
}
