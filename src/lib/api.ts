// Typed access to `window.api` (installed by the preload, or by the e2e harness) and `call()`, which
// turns an IpcResult into a value or a thrown AppFailure the UI can show as a sentence.
import type { AppErrorKind, IpcResult } from '../../electron/shared/ipc/contract';
import type { WindowApi } from '../../electron/shared/ipc/api-shape';

declare global {
  interface Window {
    api: WindowApi;
  }
}

/** A request main refused or could not complete: `kind` says what went wrong, `message` what to do. */
export class AppFailure extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}

/** The bridge to main; a clear failure (not a TypeError) when the page runs without one. */
export function api(): WindowApi {
  const bridge = (window as Partial<Window>).api;
  if (!bridge) throw new AppFailure('internal', 'The app’s bridge to its core is missing. Restart the app.');
  return bridge;
}

/** Awaits an IPC request and unwraps it: the value, or an AppFailure carrying main's kind and sentence. */
export async function call<T>(request: Promise<IpcResult<T>> | (() => Promise<IpcResult<T>>)): Promise<T> {
  let result: IpcResult<T>;
  try {
    result = await (typeof request === 'function' ? request() : request);
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    throw new AppFailure(
      'internal',
      'The app could not reach its core. Try again; if it keeps failing, restart the app.',
    );
  }
  if (result.ok) return result.value;
  throw new AppFailure(result.error.kind, result.error.message);
}

/** The sentence to show for any error caught in the UI. */
export function failureMessage(error: unknown): string {
  if (error instanceof AppFailure) return error.message;
  return 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.';
}

/** The kind of a caught error, `internal` for anything that is not an AppFailure. */
export function failureKind(error: unknown): AppErrorKind {
  return error instanceof AppFailure ? error.kind : 'internal';
}
