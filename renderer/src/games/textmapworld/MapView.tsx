import { scaleLinear } from 'd3-scale';
import { exploredMap, type MapLayout, type MapTurn } from './episode';

/**
 * The map explored so far, drawn on the instance's grid with d3 scales: visited rooms and the moves
 * made in full, the room the explorer stands in highlighted, the target outlined, and the rest of
 * the true map (unvisited rooms and their connections) faint.
 */
export function MapView({ turns, layout }: { turns: readonly MapTurn[]; layout: MapLayout }) {
  const { visited, links, here, cell } = exploredMap(turns, layout);
  const cells = [...cell.values()];
  if (cells.length === 0) return null;
  const [minX, maxX] = [Math.min(...cells.map((c) => c[0])), Math.max(...cells.map((c) => c[0]))];
  const [minY, maxY] = [Math.min(...cells.map((c) => c[1])), Math.max(...cells.map((c) => c[1]))];
  const step = 110;
  const spanX = Math.max(maxX - minX, 1);
  const spanY = Math.max(maxY - minY, 1);
  const width = spanX * step + 140;
  const height = spanY * step + 80;
  // Grid cells to pixels; north is up.
  const x = scaleLinear().domain([minX, minX + spanX]).range([70, 70 + spanX * step]);
  const y = scaleLinear().domain([minY, minY + spanY]).range([height - 40, 40]);
  const at = (room: string) => cell.get(room);
  const labels = new Map(layout.cells.map((c) => [c.room, c.label ?? c.room]));
  const seen = new Set(visited);
  const moved = new Set(links.map(([a, b]) => [a, b].sort().join('\u0000')));
  const line = (a: string, b: string, cls: string) => {
    const p = at(a);
    const q = at(b);
    return p && q ? <line key={`${cls}-${a}-${b}`} className={cls} x1={x(p[0])} y1={y(p[1])} x2={x(q[0])} y2={y(q[1])} /> : null;
  };
  return (
    <figure className="tmw-map">
      <svg width={width} height={height} role="img" aria-label={`Map: ${visited.length} of ${cell.size} rooms visited`}>
        {layout.edges.filter(([a, b]) => !moved.has([a, b].sort().join('\u0000'))).map(([a, b]) => line(a, b, 'tmw-edge-unwalked'))}
        {links.map(([a, b]) => line(a, b, 'tmw-edge'))}
        {[...cell.entries()].map(([room, [cx, cy]]) => {
          const label = labels.get(room) ?? room;
          const cls = ['tmw-room', seen.has(room) ? 'visited' : 'unvisited', room === here ? 'here' : '', room === layout.target ? 'target' : ''].join(' ');
          return (
            <g key={room} className={cls} transform={`translate(${x(cx)},${y(cy)})`}>
              <rect x={-50} y={-18} width={100} height={36} rx={6} />
              <text textAnchor="middle" dy="0.35em">{label.length > 14 ? `${label.slice(0, 13)}…` : label}</text>
              <title>{label === room ? room : `${label} ${room}`}{room === here ? ' (here)' : ''}{room === layout.target ? ' (target)' : ''}</title>
            </g>
          );
        })}
      </svg>
      <figcaption className="meta">
        {visited.length} of {cell.size} rooms visited{here ? `; now in ${here}` : ''}
        {layout.target ? `; target: ${layout.target}` : ''}
      </figcaption>
    </figure>
  );
}
