// SQLite's own failures while the history is read or written, as sentences naming the file and what to do:
// a read-only file or folder, a full disk, a disk gone or failing. Anything else stays as it was.
import { dirname } from 'node:path';
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../kernel/app-error';
import { readOnlyNotice } from './read-only-words';

export function historyFault(error: unknown, path: string): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  const cause = { cause: error };
  if (code.startsWith('SQLITE_READONLY')) {
    return new AppError('database', `Nothing was changed. ${readOnlyNotice(path)}`, cause);
  }
  if (code === 'SQLITE_FULL') {
    return new AppError(
      'database',
      `The disk that holds the job history (${dirname(path)}) is full, so nothing was changed. Free some space and try again.`,
      cause,
    );
  }
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) {
    return new AppError(
      'database',
      `The job history (${path}) could not be written (${code}), so nothing was changed. Check that its disk is connected and its folder can be written, then try again; if it keeps happening, quit and start the app again.`,
      cause,
    );
  }
  return null;
}

/**
 * Every handler's failures of the history's own (SQLite's disk, a team database out of reach) said as
 * `fault` says them; anything else goes on as it was (dispatch words the rest).
 */
export function withHistoryFaults(handlers: Handlers, fault: (error: unknown) => AppError | null): Handlers {
  const guarded: Record<string, (params: never) => Promise<unknown>> = {};
  for (const [channel, handler] of Object.entries(handlers) as [
    string,
    (params: never) => Promise<unknown>,
  ][]) {
    guarded[channel] = async (params) => {
      try {
        return await handler(params);
      } catch (error) {
        throw fault(error) ?? error;
      }
    };
  }
  return guarded as unknown as Handlers;
}
