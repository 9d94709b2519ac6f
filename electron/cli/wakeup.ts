// Waiting for "something changed" without losing a change that came between two looks: a poke while no
// one waits is kept until the next wait, which then returns at once.
import { Interrupted } from './cli-error';

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
      const onAbort = () => reject(new Interrupted());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(() => {
        this.poked = false;
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }
}
