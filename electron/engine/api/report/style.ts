/**
 * The report's one stylesheet. Light, as the charts the engine exports (theme.ts's LIGHT_CHART): the
 * charts are drawn with their colours baked in, so the page around them matches them. Body text and
 * links reach WCAG AA contrast on white; outcomes are words, never colour alone. No web font: the
 * system's sans-serif, so nothing is fetched.
 */
import { LIGHT_CHART } from '../../../../shared/charts/theme';

const c = LIGHT_CHART;

export const REPORT_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: ${c.text}; background: ${c.background}; }
header.top { padding: 8px 20px; border-bottom: 1px solid ${c.grid}; background: #f7f7f7; color: ${c.muted}; }
main { padding: 12px 20px 40px; max-width: 1500px; }
a { color: #0b57a4; }
a:focus-visible, [tabindex]:focus-visible { outline: 2px solid #0b57a4; outline-offset: 2px; }
h1 { font-size: 22px; margin: 12px 0 6px; }
h2 { font-size: 18px; margin: 26px 0 8px; border-bottom: 1px solid ${c.grid}; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
.meta { color: ${c.muted}; }
.notice { background: #fff6e0; border-left: 4px solid #b58100; padding: 6px 10px; }
.table-scroll { overflow-x: auto; }
table.data { border-collapse: collapse; margin: 6px 0 10px; }
table.data th, table.data td { border-bottom: 1px solid ${c.grid}; padding: 4px 10px; text-align: left; vertical-align: top; }
table.data thead th { border-bottom: 2px solid #bbbbbb; white-space: nowrap; }
table.data tbody th { white-space: nowrap; }
table.data .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.too-few { color: ${c.muted}; font-style: italic; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; vertical-align: baseline; }
.chip { display: inline-block; border: 1px solid #999999; border-radius: 9px; padding: 0 7px; margin-left: 6px; font-size: 12px; }
.chip.invalid, .chip.error { border-color: #b00020; color: #b00020; }
.chart { overflow-x: auto; margin: 8px 0 4px; }
.chart svg { max-width: none; height: auto; }
nav.links a { margin-right: 14px; }
ol.events { list-style: none; padding: 0; margin: 8px 0; }
li.event { border-left: 3px solid ${c.grid}; padding: 4px 10px; margin: 6px 0; }
li.event.from-game { border-left-color: #999999; background: #fafafa; }
li.event.by-person { border-left-color: #0072B2; }
li.event.invalid { border-left-color: #b00020; }
.who { font-size: 12px; color: ${c.muted}; }
/* A reply is shown whole, as written: long lines wrap, a huge one scrolls inside its box, and a bidi override stays inside it. */
pre.text { white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: isolate; margin: 2px 0; font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; max-height: 40em; overflow-y: auto; }
code.action { display: block; font-size: 12px; color: ${c.muted}; overflow-wrap: anywhere; }
.hint { border: 1px dashed #999999; padding: 4px 8px; margin: 4px 0; font-size: 13px; }
figure.image { margin: 4px 0; }
figure.image img { max-width: 100%; max-height: 280px; border: 1px solid ${c.grid}; }
.columns { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(300px, 1fr); gap: 14px; overflow-x: auto; }
.columns > section { min-width: 0; border: 1px solid ${c.grid}; padding: 6px 10px; }
.columns h2 { font-size: 15px; margin-top: 4px; }
`;
