// The history's ports as a contract test calls them: each method may answer at once (SQLite's synchronous
// stores) or with a promise (PostgreSQL's), and the test awaits every call, so one suite runs on both.
import type { HistoryStores } from '../../../electron/core/db/history-stores';

/** `T` with every method allowed to return its value or a promise of it. */
export type Awaitable<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => R | Promise<R> : T[K];
};

/** Every port of the history, synchronous or asynchronous. */
export type AnyStores = { [K in keyof HistoryStores]: Awaitable<HistoryStores[K]> };
