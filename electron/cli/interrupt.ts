// Ctrl-C as an AbortSignal: what a command waits on is raced against it, so it stops at once, cleanly.
import { Interrupted } from './cli-error';

export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Interrupted();
}

/** `promise`, or an Interrupted error as soon as the signal fires (the work itself is left to dispose). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(new Interrupted());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => undefined);
      reject(new Interrupted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
