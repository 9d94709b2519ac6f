// The gallery's grid: rows of as many cards as fit the width (measured), one card in the Tab order (roving
// tabindex), moved by the arrow keys, Home/End (row) and Ctrl+Home/End (all); Enter opens the file, Space
// plays audio, Shift+F10 or the menu key opens the card's actions.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useHostCapabilities } from '../../lib/host-capabilities';
import type { ResultItem } from './result-items';
import { openResult } from './results-actions';
import { useResultsStore } from './results-store';
import { ResultCard, togglePlay } from './ResultCard';

/** A card's least width and the gap between cards, in pixels (results.css uses the same). */
const CARD_MIN = 180;
const GAP = 12;

/** How many cards fit in a row of the grid's width. */
function useColumns(ref: React.RefObject<HTMLDivElement | null>): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      // Hidden (another screen shown): keep the last count rather than collapse to one.
      if (width > 0) setColumns(Math.max(1, Math.floor((width + GAP) / (CARD_MIN + GAP))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

export function ResultsGrid({
  items,
  describedBy,
}: {
  items: readonly ResultItem[];
  describedBy: string;
}): React.JSX.Element {
  const grid = useRef<HTMLDivElement>(null);
  const columns = useColumns(grid);
  const { dragOut } = useHostCapabilities();
  const activeId = useResultsStore((state) => state.activeId);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.jobId === activeId),
  );

  const focusAt = (index: number) => {
    const item = items[Math.max(0, Math.min(items.length - 1, index))];
    if (!item) return;
    useResultsStore.getState().setActive(item.jobId);
    grid.current?.querySelector<HTMLElement>(`[data-job-id="${CSS.escape(item.jobId)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
    // Keys typed in a card's own menu or button are theirs.
    if (!cell || cell !== event.target) return;
    const index = items.findIndex((item) => item.jobId === cell.dataset['jobId']);
    const item = items[index];
    if (!item) return;
    const rowStart = index - (index % columns);
    const moves: Record<string, number | undefined> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      // Down from a column the last row does not reach goes to the last card.
      ArrowDown:
        index + columns < items.length
          ? index + columns
          : rowStart + columns < items.length
            ? items.length - 1
            : index,
      ArrowUp: index - columns >= 0 ? index - columns : index,
      Home: event.ctrlKey || event.metaKey ? 0 : rowStart,
      End:
        event.ctrlKey || event.metaKey
          ? items.length - 1
          : Math.min(items.length - 1, rowStart + columns - 1),
      PageDown: Math.min(items.length - 1, index + columns * 3),
      PageUp: Math.max(0, index - columns * 3),
    };
    const target = moves[event.key];
    if (target !== undefined && !event.altKey) {
      event.preventDefault();
      focusAt(target);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void openResult(item.jobId);
    } else if (event.key === ' ' && item.kind === 'audio') {
      event.preventDefault();
      void togglePlay(item.jobId);
    } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      setMenuFor(item.jobId);
    }
  };

  const rows: ResultItem[][] = [];
  for (let start = 0; start < items.length; start += columns) rows.push(items.slice(start, start + columns));

  return (
    <div
      ref={grid}
      role="grid"
      className="results-grid"
      aria-label="Results"
      aria-describedby={describedBy}
      aria-rowcount={rows.length}
      aria-colcount={columns}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const id = (event.target as HTMLElement).dataset['jobId'];
        if (id && id !== activeId) useResultsStore.getState().setActive(id);
      }}
    >
      {rows.map((row, rowIndex) => (
        <div
          key={row[0]?.jobId ?? rowIndex}
          role="row"
          className="results-row"
          aria-rowindex={rowIndex + 1}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {row.map((item, column) => (
            <ResultCard
              key={item.jobId}
              item={item}
              active={rowIndex * columns + column === activeIndex}
              dragOut={dragOut}
              menuOpen={menuFor === item.jobId}
              onMenuOpenChange={(open) => setMenuFor(open ? item.jobId : null)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
