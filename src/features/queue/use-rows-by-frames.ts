// Which rows of the grid's window to draw now: a scrollbar jump or a new filter brings a whole window of new
// rows at once, and mounting them together (React's work, then the browser's style and layout of each) was a
// task of 200–500 ms on a slower computer. Rows already drawn stay; new ones come a few per frame, the
// active row first, then those in view from the top, then the few beyond it.
import { useEffect, useState } from 'react';

/** New rows drawn per frame; the rest follow in the next frames. Tests may set it to draw all at once. */
export const rowBudget = { perFrame: 6 };

export interface RowPlace {
  id: string;
  index: number;
  /** Offset from the top of the list, in pixels. */
  start: number;
}

export interface FirstRows {
  /** The active row's index (-1 for none). */
  active: number;
  /** The rows in view, by index (the window also holds a few beyond them). */
  viewStart: number;
  viewEnd: number;
}

/** The rows to draw: those already drawn, and up to `budget` new ones, the most wanted first. */
export function rowsToDraw(
  wanted: readonly RowPlace[],
  drawn: ReadonlySet<string>,
  first: FirstRows,
  budget: number,
): RowPlace[] {
  const fresh = wanted.filter((row) => !drawn.has(row.id));
  if (fresh.length <= budget) return [...wanted];
  const rank = (row: RowPlace) =>
    row.index === first.active
      ? -1
      : row.index >= first.viewStart && row.index <= first.viewEnd
        ? row.index - first.viewStart
        : Number.MAX_SAFE_INTEGER;
  const chosen = new Set(
    fresh
      .sort((a, b) => rank(a) - rank(b) || a.index - b.index)
      .slice(0, budget)
      .map((row) => row.id),
  );
  return wanted.filter((row) => drawn.has(row.id) || chosen.has(row.id));
}

function sameIds(rows: readonly RowPlace[], ids: ReadonlySet<string>): boolean {
  return rows.length === ids.size && rows.every((row) => ids.has(row.id));
}

export function useRowsByFrames(wanted: readonly RowPlace[], first: FirstRows): RowPlace[] {
  /** The rows drawn so far: the next new ones are counted against them. */
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set());
  const shown = rowsToDraw(wanted, drawn, first, rowBudget.perFrame);
  const missing = shown.length < wanted.length;
  // Drawn in full: noted at once (React renders this component again before committing, nothing more).
  if (!missing && !sameIds(shown, drawn)) setDrawn(new Set(shown.map((row) => row.id)));

  // Rows still to draw: the next few in the next frame.
  useEffect(() => {
    if (!missing) return;
    const ids = new Set(shown.map((row) => row.id));
    const frame = requestAnimationFrame(() => setDrawn(ids));
    return () => cancelAnimationFrame(frame);
  }, [shown, missing]);
  return shown;
}
