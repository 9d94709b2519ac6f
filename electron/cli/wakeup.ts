// Waiting for "something changed" without losing a change that came between two looks: a poke while no
// one waits is kept until the next wait, which then returns at once. While someone waits, the process stays
// alive: the change may come from a timer that holds nothing open (the core's change feed unrefs its own),
// and with nothing else left Node would end the process mid-wait (exit 13), the change never said.
import { Interrupted } from './cli-error';

/** A timer that never needs to fire: it only holds the event loop open while someone waits. */
const KEEP_ALIVE_MS = 2 ** 30;

export class Wakeup {
  private poked = false;
  private waiters: Array<() => void> = [];

  poke(): void {
    this.poked = true;
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves at the next poke (or at once if one came since the last wait); rejects on Ctrl-C. */
  wait(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new Interrupted());
    if (this.poked) {
      this.poked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const keepAlive = setInterval(() => undefined, KEEP_ALIVE_MS);
      const onAbort = () => {
        clearInterval(keepAlive);
        reject(new Interrupted());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(() => {
        this.poked = false;
        clearInterval(keepAlive);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }
}
