// `window.api` as the renderer sees it, built from the contract by one function that the preload (over
// Electron IPC) and the e2e harness (over Playwright bindings) both use, so the two cannot drift apart.
import type { Channel, EventName, IpcResult, ParamsOf, PayloadOf, ResultOf } from './contract';
import { CHANNEL_NAMES } from './names';

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type ActionOf<C extends string, D extends string> = C extends `${D}:${infer A}` ? A : never;
type Invoker<C extends Channel> =
  undefined extends ParamsOf<C>
    ? (params?: ParamsOf<C>) => Promise<IpcResult<ResultOf<C>>>
    : (params: ParamsOf<C>) => Promise<IpcResult<ResultOf<C>>>;

export type WindowApi = {
  [D in DomainOf<Channel>]: { [A in ActionOf<Channel, D>]: Invoker<Extract<`${D}:${A}`, Channel>> };
} & {
  /** Subscribes to an event from main; returns the unsubscribe. */
  on<E extends EventName>(event: E, listener: (payload: PayloadOf<E>) => void): () => void;
  /**
   * Where a dropped or picked file is on disk, so that main reads it by path (never its bytes over IPC);
   * '' where there is no path (a browser, the test harness): the page then sends the bytes.
   */
  pathForFile(file: File): string;
};

export type Invoke = (channel: Channel, params: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;
export type PathForFile = (file: File) => string;

/** Builds the frozen `window.api` object: one named function per channel, plus `on`. */
export function buildWindowApi(
  invoke: Invoke,
  subscribe: Subscribe,
  pathForFile: PathForFile = () => '',
): WindowApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of CHANNEL_NAMES) {
    const [domain, action] = channel.split(':') as [string, string];
    api[domain] ??= {};
    api[domain][action] = (params?: unknown) => invoke(channel, params);
  }
  for (const domain of Object.values(api)) Object.freeze(domain);
  return Object.freeze({
    ...api,
    on: (event: EventName, listener: (payload: unknown) => void) => subscribe(event, listener),
    pathForFile: (file: File) => {
      try {
        return pathForFile(file);
      } catch {
        return '';
      }
    },
  }) as unknown as WindowApi;
}
