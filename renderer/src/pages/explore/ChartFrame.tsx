import { useRef } from 'react';
import { saveSvg, savePng } from '../../charts';

/**
 * Shows a chart built as SVG text (the same text the exports write) and hands clicks and Enter on
 * elements carrying `data-*` attributes to `onPick`.
 */
export function ChartFrame({ svg, name, label, onPick }: { svg: string; name: string; label: string; onPick?: (data: DOMStringMap) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const pick = (target: EventTarget | null) => {
    const cell = (target as Element | null)?.closest?.('[data-player]') as HTMLElement | SVGElement | null;
    if (cell && onPick) onPick((cell as HTMLElement).dataset);
  };
  return (
    <figure className="chart">
      <div className="actions">
        <button type="button" onClick={() => saveSvg(svg, name)}>Save SVG</button>
        <button type="button" onClick={() => void savePng(svg, name)}>Save PNG</button>
      </div>
      <div
        ref={ref}
        className="chart-body"
        role="group"
        aria-label={label}
        onClick={(e) => pick(e.target)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            pick(e.target);
          }
        }}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </figure>
  );
}
