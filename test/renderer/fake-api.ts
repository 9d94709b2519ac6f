// A fake `window.api` for component tests, built with the preload's own buildWindowApi: each channel is
// answered by a handler given by the test (or fails clearly), and events can be emitted into the page.
import { buildWindowApi } from '../../electron/shared/ipc/api-shape';
import type {
  AppErrorData,
  Channel,
  EventName,
  IpcResult,
  PayloadOf,
  ResultOf,
} from '../../electron/shared/ipc/contract';

export type FakeHandlers = {
  [C in Channel]?: (params: unknown) => ResultOf<C> | Promise<ResultOf<C>>;
};

/** Thrown by a fake handler to answer `{ ok: false, error }`. */
export class FakeFailure extends Error {
  constructor(readonly error: AppErrorData) {
    super(error.message);
  }
}

export interface FakeApi {
  calls: Array<{ channel: Channel; params: unknown }>;
  callsOf(channel: Channel): unknown[];
  emit<E extends EventName>(event: E, payload: PayloadOf<E>): void;
}

export function installFakeApi(handlers: FakeHandlers): FakeApi {
  const calls: FakeApi['calls'] = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const api = buildWindowApi(
    async (channel, params): Promise<IpcResult<unknown>> => {
      calls.push({ channel, params });
      const handler = handlers[channel] as ((params: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: { kind: 'internal', message: `No fake for ${channel}.` } };
      try {
        return { ok: true, value: await handler(params) };
      } catch (error) {
        if (error instanceof FakeFailure) return { ok: false, error: error.error };
        throw error;
      }
    },
    (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  );
  Object.defineProperty(window, 'api', { value: api, configurable: true, writable: true });
  return {
    calls,
    callsOf: (channel) => calls.filter((call) => call.channel === channel).map((call) => call.params),
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
  };
}
