// Events gathered as they arrive and handed over together once a frame: a thousand jobs changing send many
// events a second, and each applied alone made the page render (and re-sort the queue) once per event.
// The window shows a frame at most every 16 ms anyway; a hidden window has no frames, so a timer stands in.
// They are handed over just AFTER a frame, in a task of their own, not inside the frame's callback: there the
// page's render of the changes (React's work and the DOM) and the browser's style, layout and paint of that
// same frame made one task, the longest of a thousand jobs changing (about 250 ms on a CPU 4× slower).

/** Runs a callback once the next frame is drawn (or soon, where none is drawn). */
export type FrameScheduler = (run: () => void) => void;

/** If no frame comes within this time (a hidden or minimised window draws none), the events go anyway. */
const NO_FRAME_FALLBACK_MS = 100;

export const nextFrame: FrameScheduler = (run) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, NO_FRAME_FALLBACK_MS);
  // A timer set inside the frame's callback runs as the next task, after the frame's layout and paint.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
};

export interface FrameQueue<T> {
  /** Keeps `item` for the next frame. */
  push(item: T): void;
  /** Hands over what is waiting now (before anything that must come after it, such as a direct change). */
  flush(): void;
}

export function frameQueue<T>(
  deliver: (items: T[]) => void,
  schedule: FrameScheduler = nextFrame,
): FrameQueue<T> {
  let waiting: T[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const items = waiting;
    waiting = [];
    deliver(items);
  };
  return {
    push(item) {
      waiting.push(item);
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
    flush,
  };
}
