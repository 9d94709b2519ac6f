// The queue screen's own state: filters and sort, the selection (with its active row and the anchor of
// range selections), the job open in the detail drawer, the action under way, and the one notice that says
// how the last action went. Selection moves take the list as shown (`visible`), since ranges follow it.
import { create } from 'zustand';
import { DEFAULT_SORT, NO_FILTERS, type QueueFilters, type QueueSort, type SortKey } from './queue-filter';

export interface Notice {
  tone: 'success' | 'info' | 'warning' | 'error';
  title: string;
  message: string;
}

export type QueueAction = 'requeue' | 'export' | 'remove' | 'resubmit' | 'discard' | 'duplicate';

export type ClickMode = 'only' | 'toggle' | 'range' | 'add-range';

export interface QueueState {
  filters: QueueFilters;
  sort: QueueSort;
  selected: ReadonlySet<string>;
  /** The row the keyboard is on. */
  activeId: string | null;
  /** Where a Shift range starts. */
  anchorId: string | null;
  /** The job shown in the detail drawer, or null when it is closed. */
  drawerId: string | null;
  busy: QueueAction | null;
  notice: Notice | null;

  setFilter<K extends keyof QueueFilters>(key: K, value: QueueFilters[K]): void;
  clearFilters(): void;
  /** A click on a column header: that column descending first for times and credits, ascending otherwise. */
  sortBy(key: SortKey): void;

  click(id: string, mode: ClickMode, visible: readonly string[]): void;
  /** Moves the active row by `delta` rows (clamped); with extend, the selection becomes anchor…active. */
  move(delta: number, extend: boolean, visible: readonly string[]): string | null;
  toggleActive(): void;
  selectAll(visible: readonly string[]): void;
  selectOnly(ids: readonly string[]): void;
  clearSelection(): void;

  openDrawer(id: string): void;
  closeDrawer(): void;
  notify(notice: Notice | null): void;
  setBusy(action: QueueAction | null): void;
  reset(): void;
}

const NEWEST_FIRST_KEYS: readonly SortKey[] = ['created', 'finished', 'credits'];

function range(visible: readonly string[], from: string | null, to: string): string[] {
  const end = visible.indexOf(to);
  const start = from === null ? -1 : visible.indexOf(from);
  if (end < 0) return [];
  if (start < 0) return [to];
  return visible.slice(Math.min(start, end), Math.max(start, end) + 1);
}

const initial = {
  filters: NO_FILTERS,
  sort: DEFAULT_SORT,
  selected: new Set<string>(),
  activeId: null,
  anchorId: null,
  drawerId: null,
  busy: null,
  notice: null,
} satisfies Partial<QueueState>;

export const useQueueStore = create<QueueState>()((set, get) => ({
  ...initial,
  setFilter(key, value) {
    // A selection hidden by the filter would be acted on unseen: it is dropped.
    set((state) => ({ filters: { ...state.filters, [key]: value }, selected: new Set(), anchorId: null }));
  },
  clearFilters() {
    set({ filters: NO_FILTERS, selected: new Set(), anchorId: null });
  },
  sortBy(key) {
    set(({ sort }) => ({
      sort:
        sort.key === key
          ? { key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
          : { key, direction: NEWEST_FIRST_KEYS.includes(key) ? 'descending' : 'ascending' },
    }));
  },

  click(id, mode, visible) {
    const { selected, anchorId } = get();
    if (mode === 'only') {
      set({ selected: new Set([id]), activeId: id, anchorId: id });
    } else if (mode === 'toggle') {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set({ selected: next, activeId: id, anchorId: id });
    } else {
      const ids = range(visible, anchorId ?? id, id);
      const next = mode === 'add-range' ? new Set([...selected, ...ids]) : new Set(ids);
      set({ selected: next, activeId: id, anchorId: anchorId ?? id });
    }
    if (get().drawerId !== null) set({ drawerId: id });
  },
  move(delta, extend, visible) {
    if (visible.length === 0) return null;
    const { activeId, anchorId } = get();
    const at = activeId === null ? -1 : visible.indexOf(activeId);
    const index =
      at < 0 ? (delta < 0 ? visible.length - 1 : 0) : Math.max(0, Math.min(visible.length - 1, at + delta));
    const id = visible[index];
    if (id === undefined) return null;
    if (extend) {
      const anchor = anchorId !== null && visible.includes(anchorId) ? anchorId : (activeId ?? id);
      set({ activeId: id, anchorId: anchor, selected: new Set(range(visible, anchor, id)) });
    } else {
      set({ activeId: id });
    }
    if (get().drawerId !== null) set({ drawerId: id });
    return id;
  },
  toggleActive() {
    const { activeId, selected } = get();
    if (activeId === null) return;
    const next = new Set(selected);
    if (next.has(activeId)) next.delete(activeId);
    else next.add(activeId);
    set({ selected: next, anchorId: activeId });
  },
  selectAll(visible) {
    set({ selected: new Set(visible) });
  },
  selectOnly(ids) {
    set({ selected: new Set(ids), activeId: ids[0] ?? null, anchorId: ids[0] ?? null });
  },
  clearSelection() {
    if (get().selected.size > 0) set({ selected: new Set() });
  },

  openDrawer(id) {
    set({ drawerId: id, activeId: id });
  },
  closeDrawer() {
    set({ drawerId: null });
  },
  notify(notice) {
    set({ notice });
  },
  setBusy(busy) {
    set({ busy });
  },
  reset() {
    set({ ...initial, selected: new Set() });
  },
}));
