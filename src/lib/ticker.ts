// One clock for every time on screen that moves ("5 min ago", "about 2 min left"): a single 1-second interval
// while anything listens, so a list of thousands of rows never runs a timer per row. Components read a text
// computed from it and re-render only when that text changes.
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

export function subscribeTicker(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The ticker's time: the last tick while it runs (so every reader agrees), fresh when it is idle. */
export function tickerNow(): number {
  if (!timer && Date.now() - now >= 1000) now = Date.now();
  return now;
}

/** A text that depends on the time, recomputed every tick; the caller re-renders only when it changes. */
export function useTickingText(compute: (now: number) => string): string {
  return useSyncExternalStore(subscribeTicker, () => compute(tickerNow()));
}

/** The time rounded down to `stepMs` (e.g. a minute), for filters such as "today" that move slowly. */
export function useNow(stepMs: number): number {
  return useSyncExternalStore(subscribeTicker, () => Math.floor(tickerNow() / stepMs) * stepMs);
}
