// The queue as an ARIA grid, windowed with @tanstack/react-virtual: only the rows in view (and a few around)
// exist in the page, so 10,000 jobs scroll as smoothly as 10. The grid itself holds focus and points at the
// active row with aria-activedescendant; rows carry aria-rowindex and aria-selected.
// Keys: arrows move the active row (Shift extends the selection), Space toggles it, Ctrl/Cmd+A selects all
// shown, Enter opens the details, Escape clears the selection (then closes the details).
// Mouse: click selects one, Ctrl/Cmd-click toggles, Shift-click selects a range, double-click opens (and
// leaves no selection behind).
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { hasModifier } from '../../lib/platform';
import { useNavStore } from '../navigation/nav-store';
import { useDownloadsStore } from '../downloads/downloads-store';
import type { JobsById } from '../jobs/jobs-store';
import { GRID_COLUMNS, HEADER_HEIGHT, JOBS_GRID_ID, ROW_HEIGHT, rowDomId } from './grid-columns';
import { JobGridRow } from './JobGridRow';
import { useQueueStore, type ClickMode } from './queue-store';
import { useWhileShown } from '../navigation/use-while-shown';
import { useRowsByFrames, type RowPlace } from './use-rows-by-frames';

interface JobsGridProps {
  ids: readonly string[];
  byId: JobsById;
  /** The list shown is being worked out again (a filter, a search, changes): said as aria-busy. */
  busy?: boolean;
}

/** Rendered again only when the list, the sort or the selection changes, not on every scroll. */
const HeaderRow = memo(function HeaderRow({ ids }: { ids: readonly string[] }): React.JSX.Element {
  const sort = useQueueStore((state) => state.sort);
  const selected = useQueueStore((state) => state.selected);
  const shownSelected = useMemo(() => ids.filter((id) => selected.has(id)).length, [ids, selected]);
  const all = ids.length > 0 && shownSelected === ids.length;
  return (
    <div role="row" className="grid-row grid-header" aria-rowindex={1}>
      {GRID_COLUMNS.map((column) => {
        const sortKey = column.sort;
        if (column.key === 'select') {
          return (
            <div role="columnheader" key={column.key} className={`cell col-${column.key}`}>
              <span className="sr-only">{column.label}</span>
              <input
                type="checkbox"
                className="header-check"
                aria-label={all ? 'Clear the selection' : 'Select all shown jobs'}
                checked={all}
                ref={(box) => {
                  if (box) box.indeterminate = shownSelected > 0 && !all;
                }}
                disabled={ids.length === 0}
                onChange={() => {
                  const queue = useQueueStore.getState();
                  if (all) queue.clearSelection();
                  else queue.selectAll(ids);
                }}
              />
            </div>
          );
        }
        if (sortKey === null) {
          return (
            <div role="columnheader" key={column.key} className={`cell col-${column.key}`}>
              <span className="column-label">{column.label}</span>
            </div>
          );
        }
        const sorted = sort.key === sortKey;
        return (
          <div
            role="columnheader"
            key={column.key}
            className={`cell col-${column.key}`}
            aria-sort={sorted ? sort.direction : undefined}
          >
            <button
              type="button"
              className={`sort-button${sorted ? ' is-sorted' : ''}`}
              onClick={() => useQueueStore.getState().sortBy(sortKey)}
            >
              {column.label}
              <span className={`sort-arrow${sorted ? ` is-${sort.direction}` : ''}`} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
});

function clickMode(event: React.MouseEvent, onCheckbox: boolean): ClickMode {
  const modifier = hasModifier(event);
  if (event.shiftKey) return modifier ? 'add-range' : 'range';
  return modifier || onCheckbox ? 'toggle' : 'only';
}

export function JobsGrid({ ids, byId, busy = false }: JobsGridProps): React.JSX.Element {
  const gridRef = useRef<HTMLDivElement>(null);
  const selected = useQueueStore((state) => state.selected);
  const activeId = useQueueStore((state) => state.activeId);
  const downloads = useWhileShown('queue', useDownloadsStore, (state) => state.byId);
  const filters = useQueueStore((state) => state.filters);
  const sort = useQueueStore((state) => state.sort);
  const focusRequest = useNavStore((state) => state.focusRequest);
  const shown = useNavStore((state) => state.screen === 'queue');

  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  // TanStack Virtual hands out a new instance state each render by design; the compiler rule knows it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    // The same function while the list holds: a new one makes the virtualizer measure every row again
    // (10,000 entries), and the grid renders once a frame while jobs change.
    getItemKey,
    // Few rows beyond the view: a scrollbar jump mounts a whole window of new rows at once, and each extra
    // row costs style and layout work on the main thread (10 made 50–70 ms tasks; 3 stays under 50).
    overscan: 3,
    // Rows are rendered in a task of their own, not inside the scroll event: the browser's style, layout
    // and paint of the new rows then follow in the next frame instead of adding to the same long task.
    useFlushSync: false,
    // The header sits above the rows inside the scrolled element, and stays in view (sticky).
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();

  useEffect(() => {
    if (shown && focusRequest > 0) gridRef.current?.focus({ preventScroll: true });
  }, [focusRequest, shown]);

  // Another filter or order is another list: it is read from its top.
  useEffect(() => {
    if (gridRef.current) gridRef.current.scrollTop = 0;
  }, [filters, sort]);

  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  // The window's rows, drawn a few new ones a frame (use-rows-by-frames.ts).
  const wanted = useMemo(
    () =>
      items.flatMap((item): RowPlace[] => {
        const id = ids[item.index];
        return id !== undefined && byId[id] ? [{ id, index: item.index, start: item.start }] : [];
      }),
    [items, ids, byId],
  );
  const range = virtualizer.range;
  const rows = useRowsByFrames(wanted, {
    active: activeIndex,
    viewStart: range?.startIndex ?? 0,
    viewEnd: range?.endIndex ?? 0,
  });
  const activeRendered = activeId !== null && rows.some((row) => row.id === activeId);

  function reveal(id: string | null): void {
    const index = id === null ? -1 : ids.indexOf(id);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>): void {
    // Keys pressed on the header's buttons are theirs.
    if (event.target !== event.currentTarget) return;
    const queue = useQueueStore.getState();
    const page = Math.max(1, Math.floor((gridRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 2);
    const moves: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: page,
      PageUp: -page,
      Home: -ids.length,
      End: ids.length,
    };
    const delta = moves[event.key];
    if (delta !== undefined && !event.altKey) {
      event.preventDefault();
      reveal(queue.move(delta, event.shiftKey, ids));
    } else if (event.key === ' ') {
      event.preventDefault();
      if (queue.activeId === null || !ids.includes(queue.activeId)) reveal(queue.move(1, false, ids));
      queue.toggleActive();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (queue.activeId !== null && ids.includes(queue.activeId)) queue.openDrawer(queue.activeId);
    } else if (event.key === 'Escape') {
      if (queue.selected.size > 0) {
        event.preventDefault();
        queue.clearSelection();
      } else if (queue.drawerId !== null) {
        event.preventDefault();
        queue.closeDrawer();
      }
    } else if (event.key.toLowerCase() === 'a' && hasModifier(event) && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      queue.selectAll(ids);
    }
  }

  function rowOf(event: React.MouseEvent): { id: string; onCheckbox: boolean } | null {
    const target = event.target as Element;
    const row = target.closest<HTMLElement>('[data-job-id]');
    const id = row?.dataset.jobId;
    return id ? { id, onCheckbox: target.closest('.col-select') !== null } : null;
  }

  return (
    <>
      {/* Outside the grid: a grid may own rows only. */}
      <p id="jobs-grid-keys" className="sr-only">
        Arrow keys move between jobs, Space selects, Shift with arrows extends the selection, Enter opens the
        details.
      </p>
      <div
        ref={gridRef}
        id={JOBS_GRID_ID}
        role="grid"
        aria-label="Jobs"
        aria-multiselectable="true"
        aria-rowcount={ids.length + 1}
        aria-busy={busy || undefined}
        aria-activedescendant={activeRendered ? rowDomId(activeId) : undefined}
        aria-describedby="jobs-grid-keys"
        tabIndex={0}
        className="jobs-grid"
        onKeyDown={onKeyDown}
        onMouseDown={(event) => {
          // Shift-click selects rows, not text.
          if (event.shiftKey && rowOf(event)) {
            event.preventDefault();
            gridRef.current?.focus({ preventScroll: true });
          }
        }}
        onClick={(event) => {
          const hit = rowOf(event);
          if (hit) useQueueStore.getState().click(hit.id, clickMode(event, hit.onCheckbox), ids);
        }}
        onDoubleClick={(event) => {
          const hit = rowOf(event);
          if (!hit || hit.onCheckbox) return;
          const queue = useQueueStore.getState();
          queue.openDrawer(hit.id);
          // Its two clicks selected the row; opening the details is all a plain double-click asks for.
          if (
            !event.shiftKey &&
            !hasModifier(event) &&
            queue.selected.size === 1 &&
            queue.selected.has(hit.id)
          ) {
            queue.clearSelection();
          }
        }}
      >
        <HeaderRow ids={ids} />
        <div className="grid-body" style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {rows.map(({ id, index, start }) => {
            const job = byId[id];
            if (!job) return null;
            return (
              <JobGridRow
                key={id}
                job={job}
                index={index}
                top={start - HEADER_HEIGHT}
                selected={selected.has(id)}
                active={id === activeId}
                download={downloads[id]}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
