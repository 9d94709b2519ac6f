// Remembers the window's size, position and maximized state in userData/window-state.json. Only types come
// from electron (displays and the window are passed in), so the rules are unit-tested in plain Node.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BrowserWindow, Rectangle } from 'electron';
import { z } from 'zod';

const coordinate = z.number().int().min(-100_000).max(100_000);
const windowStateSchema = z.object({
  width: z.number().int().min(200).max(100_000),
  height: z.number().int().min(200).max(100_000),
  x: coordinate.optional(),
  y: coordinate.optional(),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1200, height: 800, maximized: false };

/** How much of the title bar must be on a display for the person to grab it and move the window. */
const TITLE_BAR_HEIGHT = 32;
const MIN_VISIBLE_WIDTH = 100;

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** Whether enough of the window's title bar lies on some display's work area to reach it with the mouse. */
export function isReachable(bounds: Rectangle, workAreas: readonly Rectangle[]): boolean {
  const titleBar = { x: bounds.x, y: bounds.y, width: bounds.width, height: TITLE_BAR_HEIGHT };
  return workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= Math.min(MIN_VISIBLE_WIDTH, bounds.width) && shared.height >= TITLE_BAR_HEIGHT / 2;
  });
}

/**
 * Fits a remembered state to today's displays: a position that is off every display (a monitor was
 * unplugged) is dropped so that the window is centred, and the size is capped to the largest work area.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Rectangle[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxWidth = Math.max(...workAreas.map((area) => area.width));
  const maxHeight = Math.max(...workAreas.map((area) => area.height));
  const width = Math.min(state.width, maxWidth);
  const height = Math.min(state.height, maxHeight);
  const { x, y } = state;
  if (x === undefined || y === undefined || !isReachable({ x, y, width, height }, workAreas)) {
    return { width, height, maximized: state.maximized };
  }
  return { width, height, x, y, maximized: state.maximized };
}

/** The state in `raw` (parsed JSON), or the defaults when it is not a valid state. */
export function parseWindowState(raw: unknown): WindowState {
  const parsed = windowStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : { ...DEFAULT_WINDOW_STATE };
}

/** Reads the remembered state; a missing, unreadable or invalid file means the defaults. */
export function loadWindowState(file: string, workAreas: readonly Rectangle[]): WindowState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    raw = undefined;
  }
  return fitToDisplays(parseWindowState(raw), workAreas);
}

/** Writes through a temporary file and a rename, so that a crash mid-write cannot leave half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(windowStateSchema.parse(state), null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/** The state to remember: the normal (un-maximized) bounds, so that un-maximizing next time restores them. */
export function stateOf(window: Pick<BrowserWindow, 'getNormalBounds' | 'isMaximized'>): WindowState {
  const bounds = window.getNormalBounds();
  return {
    width: Math.round(bounds.width),
    height: Math.round(bounds.height),
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    maximized: window.isMaximized(),
  };
}

/** Saves the state shortly after the window stops moving or resizing, and when it closes. */
export function trackWindowState(window: BrowserWindow, file: string, log?: (line: string) => void): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (window.isDestroyed()) return;
    try {
      saveWindowState(file, stateOf(window));
    } catch (error) {
      // Losing the window's position is not worth an error dialog.
      log?.(`Could not save the window state: ${(error as Error).message}`);
    }
  };
  const saveSoon = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('close', save);
}
