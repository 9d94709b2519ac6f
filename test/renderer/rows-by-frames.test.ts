// The queue's grid draws a window of new rows a few a frame (a scrollbar jump, a new filter): rows already
// drawn stay, and the new ones come the active row first, then those in view from the top, then the rest.
import { describe, expect, it } from 'vitest';
import { rowsToDraw, type RowPlace } from '../../src/features/queue/use-rows-by-frames';

const window = (from: number, to: number): RowPlace[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    id: `j-${from + i}`,
    index: from + i,
    start: (from + i) * 40,
  }));
const ids = (rows: RowPlace[]) => rows.map((row) => row.id);

describe('rows drawn by frames', () => {
  it('draws a jump’s new rows a few at a time: the active one, then those in view from the top', () => {
    const wanted = window(97, 123); // rows 100–120 in view, three beyond each side
    const first = rowsToDraw(wanted, new Set(), { active: 115, viewStart: 100, viewEnd: 120 }, 4);
    expect(ids(first)).toEqual(['j-100', 'j-101', 'j-102', 'j-115']);

    const second = rowsToDraw(wanted, new Set(ids(first)), { active: 115, viewStart: 100, viewEnd: 120 }, 4);
    expect(ids(second)).toEqual(['j-100', 'j-101', 'j-102', 'j-103', 'j-104', 'j-105', 'j-106', 'j-115']);
  });

  it('keeps every row already drawn, and draws a few new ones at once (a scroll by a row or two)', () => {
    const drawn = new Set(ids(window(0, 20)));
    const wanted = window(2, 22);
    expect(ids(rowsToDraw(wanted, drawn, { active: -1, viewStart: 5, viewEnd: 19 }, 4))).toEqual(ids(wanted));
  });

  it('draws everything when the budget allows it', () => {
    const wanted = window(0, 30);
    expect(rowsToDraw(wanted, new Set(), { active: -1, viewStart: 0, viewEnd: 20 }, Infinity)).toEqual(
      wanted,
    );
  });
});
