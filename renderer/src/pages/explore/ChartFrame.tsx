import { useRef } from 'react';
import type { PlayerStyle } from '../../../../shared/charts/players';
import { saveSvg, savePng } from '../../charts';

/** A player's colour (and dash) as on the charts, beside its name anywhere in the app; SVG, so no inline style. */
export function PlayerSwatch({ player, style }: { player: string; style: PlayerStyle | undefined }) {
  if (!style) return null;
  return (
    <svg className="player-swatch" width="16" height="10" viewBox="0 0 16 10" aria-hidden="true" data-swatch={player} data-colour={style.colour}>
      <line x1="0" x2="16" y1="5" y2="5" stroke={style.colour} strokeWidth="2" strokeDasharray={style.dash} />
      <circle cx="8" cy="5" r="3" fill={style.colour} />
    </svg>
  );
}

/**
 * Shows a chart built as SVG text in the app's theme (the PNG is drawn from it) and hands clicks and
 * Enter on elements carrying `data-*` attributes to `onPick`. `file` is what Save SVG writes: the
 * light chart, the same bytes as `parlor export … --format svg`.
 */
export function ChartFrame({ svg, file = svg, name, label, onPick }: { svg: string; file?: string; name: string; label: string; onPick?: (data: DOMStringMap) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const pick = (target: EventTarget | null) => {
    const cell = (target as Element | null)?.closest?.('[data-player]') as HTMLElement | SVGElement | null;
    if (cell && onPick) onPick((cell as HTMLElement).dataset);
  };
  return (
    <figure className="chart">
      <div className="actions">
        <button type="button" onClick={() => saveSvg(file, name)}>Save SVG</button>
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
