// Window state: validated on read, positions off every display dropped, sizes capped, written atomically.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  isReachable,
  loadWindowState,
  parseWindowState,
  saveWindowState,
  stateOf,
} from '../../electron/main/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const externalOnRight = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('parseWindowState', () => {
  it('keeps a valid state', () => {
    const state = { width: 1000, height: 700, x: 10, y: 20, maximized: true };
    expect(parseWindowState(state)).toEqual(state);
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'big'],
    ['a missing height', { width: 1000 }],
    ['a tiny window', { width: 10, height: 10 }],
    ['a fractional size', { width: 1000.5, height: 700 }],
    ['an absurd position', { width: 1000, height: 700, x: 1e9, y: 0 }],
    ['a non-boolean maximized', { width: 1000, height: 700, maximized: 'yes' }],
  ])('falls back to the defaults for %s', (_name, raw) => {
    expect(parseWindowState(raw)).toEqual(DEFAULT_WINDOW_STATE);
  });
});

describe('isReachable', () => {
  it('is true when the title bar is on a display', () => {
    expect(isReachable({ x: 100, y: 100, width: 800, height: 600 }, [laptop])).toBe(true);
  });

  it('is true on a second display', () => {
    expect(isReachable({ x: 2000, y: 100, width: 800, height: 600 }, [laptop, externalOnRight])).toBe(true);
  });

  it('is false when the display it was on is gone', () => {
    expect(isReachable({ x: 2000, y: 100, width: 800, height: 600 }, [laptop])).toBe(false);
  });

  it('is false when only a sliver of the title bar is visible', () => {
    expect(isReachable({ x: 1400, y: 100, width: 800, height: 600 }, [laptop])).toBe(false);
    expect(isReachable({ x: 100, y: -30, width: 800, height: 600 }, [laptop])).toBe(false);
  });
});

describe('fitToDisplays', () => {
  it('keeps a position that is on a display', () => {
    const state = { width: 800, height: 600, x: 1600, y: 50, maximized: false };
    expect(fitToDisplays(state, [laptop, externalOnRight])).toEqual(state);
  });

  it('drops a position that is off every display, so the window is centred', () => {
    const fitted = fitToDisplays({ width: 800, height: 600, x: 1600, y: 50, maximized: true }, [laptop]);
    expect(fitted).toEqual({ width: 800, height: 600, maximized: true });
  });

  it('caps the size to the largest work area', () => {
    const fitted = fitToDisplays({ width: 3000, height: 2000, x: 0, y: 0, maximized: false }, [laptop]);
    expect(fitted).toEqual({ width: 1440, height: 875, x: 0, y: 0, maximized: false });
  });

  it('leaves the state alone when no display is known', () => {
    const state = { width: 800, height: 600, x: 5000, y: 5000, maximized: false };
    expect(fitToDisplays(state, [])).toEqual(state);
  });
});

describe('loadWindowState and saveWindowState', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'window-state-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('round-trips a state through the file', () => {
    const file = join(folder, 'nested', 'window-state.json');
    const state = { width: 1000, height: 700, x: 10, y: 20, maximized: false };
    saveWindowState(file, state);
    expect(existsSync(`${file}.tmp`)).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(state);
    expect(loadWindowState(file, [laptop])).toEqual(state);
  });

  it('gives the defaults for a missing or corrupt file', () => {
    const file = join(folder, 'window-state.json');
    expect(loadWindowState(file, [laptop])).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(file, '{"width": 10');
    expect(loadWindowState(file, [laptop])).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('refuses to write an invalid state', () => {
    expect(() =>
      saveWindowState(join(folder, 'w.json'), { width: -1, height: 700, maximized: false }),
    ).toThrow();
  });
});

describe('stateOf', () => {
  it('remembers the normal bounds and whether the window is maximized', () => {
    const window = {
      getNormalBounds: () => ({ x: 10.4, y: 20.6, width: 1000, height: 700 }),
      isMaximized: () => true,
    };
    expect(stateOf(window)).toEqual({ x: 10, y: 21, width: 1000, height: 700, maximized: true });
  });
});
