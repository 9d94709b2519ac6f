// What the downloader writes a response's body through: chunks handed over as they come, then finish()
// once the body ends (or breaks: what came is written out so that a resume starts after it).
import { systemTimers, type Clock, type TimerHandle, type Timers } from '../kernel/ports';

export interface BodyWriter {
  /** Takes a chunk; waits only when the disk is behind and memory would grow. */
  add(chunk: Uint8Array): Promise<void>;
  /** Writes what is left and waits for every write: the bytes taken are then all written (or it throws). */
  finish(): Promise<void>;
}

/** What came is written once it has waited this long, however little it is (progress on a slow link). */
export const HOLD_MS = 100;

export const wallTime: Clock & Timers = { now: () => performance.now(), ...systemTimers };

/** Calls `onDue` HOLD_MS after it was started: what came is written then (one timer, never keeping the app alive). */
export class HoldTimer {
  private handle: TimerHandle | null = null;

  constructor(
    private readonly time: Timers,
    private readonly onDue: () => void,
  ) {}

  get running(): boolean {
    return this.handle !== null;
  }

  /** Starts it again from now. */
  restart(): void {
    this.stop();
    const handle = this.time.setTimeout(() => {
      this.handle = null;
      this.onDue();
    }, HOLD_MS);
    handle.unref?.();
    this.handle = handle;
  }

  stop(): void {
    if (this.handle) this.time.clearTimeout(this.handle);
    this.handle = null;
  }
}
