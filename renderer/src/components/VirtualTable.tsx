import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  /** CSS grid track, e.g. `4rem` or `1fr`. */
  width: string;
  render: (row: T) => ReactNode;
  /** Makes the header a sort button. */
  sortValue?: (row: T) => number | string | null;
  align?: 'left' | 'right';
}

interface Props<T> {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  onActivate?: (row: T) => void;
  height?: number;
  empty?: ReactNode;
}

const ROW_HEIGHT = 34;

/**
 * A table that renders only the rows in view, so a run with tens of thousands of episodes scrolls
 * smoothly. Keyboard: ↑/↓/PgUp/PgDn/Home/End move the active row, Enter opens it.
 */
export function VirtualTable<T>({ rows, columns, rowKey, label, onActivate, height = 480, empty }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [sort, setSort] = useState<{ key: string; dir: 1 | -1 } | null>(null);
  const sorted = (() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!column?.sortValue) return rows;
    const value = column.sortValue;
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sort!.dir;
    });
  })();
  const virtualizer = useVirtualizer({ count: sorted.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const template = columns.map((c) => c.width).join(' ');
  const current = Math.min(active, Math.max(0, sorted.length - 1));

  const move = (to: number) => {
    const next = Math.max(0, Math.min(sorted.length - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(current + 1),
      ArrowUp: () => move(current - 1),
      PageDown: () => move(current + page),
      PageUp: () => move(current - page),
      Home: () => move(0),
      End: () => move(sorted.length - 1),
      Enter: () => sorted[current] !== undefined && onActivate?.(sorted[current]),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <div className="vtable" role="table" aria-label={label} aria-rowcount={sorted.length + 1}>
      <div className="vtable-row vtable-head" role="row" style={{ gridTemplateColumns: template }}>
        {columns.map((c) => (
          <div key={c.key} role="columnheader" className={c.align === 'right' ? 'num' : undefined}
            aria-sort={sort?.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : undefined}>
            {c.sortValue ? (
              <button type="button" className="link-button" onClick={() => setSort((s) => ({ key: c.key, dir: s?.key === c.key && s.dir === 1 ? -1 : 1 }))}>
                {c.header}
                {sort?.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}
              </button>
            ) : (
              c.header
            )}
          </div>
        ))}
      </div>
      {sorted.length === 0 ? (
        <div className="vtable-empty">{empty ?? 'Nothing to show.'}</div>
      ) : (
        <div
          ref={scroller}
          className="vtable-body"
          style={{ maxHeight: height }}
          tabIndex={0}
          role="rowgroup"
          aria-activedescendant={`${label}-row-${current}`}
          onKeyDown={onKeyDown}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = sorted[item.index]!;
              return (
                <div
                  key={rowKey(row)}
                  id={`${label}-row-${item.index}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={item.index === current}
                  className={`vtable-row${item.index === current ? ' active' : ''}${onActivate ? ' clickable' : ''}`}
                  style={{ gridTemplateColumns: template, position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                  onClick={() => {
                    setActive(item.index);
                    onActivate?.(row);
                  }}
                >
                  {columns.map((c) => (
                    <div key={c.key} role="cell" className={c.align === 'right' ? 'num' : undefined}>
                      {c.render(row)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
