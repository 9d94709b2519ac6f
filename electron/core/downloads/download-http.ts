// One GET of a download: its status, headers and body, and nothing followed (each redirect is the
// caller's to check). The app's goes through undici's dispatcher with a Node stream for the body: about
// half the CPU per byte of fetch's web stream, and on a busy 2-core machine that CPU, not the socket or the
// disk, is what held a loopback download to a third of curl's speed. An injected fetch (tests that route
// names, the bench counting bytes) is read through the same shape.
import type { Dispatcher } from 'undici';

export interface FetchedFile {
  readonly status: number;
  /** A response header (the first, when sent more than once); null when absent. */
  header(name: string): string | null;
  /** The body's chunks in order; iterating throws where the connection breaks. */
  chunks(): AsyncIterable<Uint8Array>;
  /** Drops the rest of the body (after a refusal, or a write that failed). */
  cancel(): Promise<void>;
}

export type GetFile = (
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
) => Promise<FetchedFile>;

/** GETs through the dispatcher itself (undici's request: a Node stream body, no web streams). */
export function dispatcherGet(dispatcher: Dispatcher): GetFile {
  return async (url, headers, signal) => {
    const { origin, pathname, search } = new URL(url);
    const answer = await dispatcher.request({
      origin,
      path: `${pathname}${search}`,
      method: 'GET',
      headers,
      signal,
      // Nothing is followed here: the caller checks a redirect's address before it is requested.
      maxRedirections: 0,
    });
    const body = answer.body;
    return {
      status: answer.statusCode,
      header(name) {
        const value = answer.headers[name.toLowerCase()];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      },
      chunks: () => body,
      cancel: async () => {
        // Destroyed unread, undici's body says it was aborted: nobody needs to hear it.
        body.on('error', () => undefined);
        body.destroy();
      },
    };
  };
}

/** GETs through an injected fetch (never following a redirect), read in the same shape. */
export function fetchGet(doFetch: typeof fetch, dispatcher: Dispatcher): GetFile {
  return async (url, headers, signal) => {
    // Node's fetch takes the dispatcher its connections go through (undici's own option).
    const init: RequestInit & { dispatcher: Dispatcher } = {
      headers,
      signal,
      credentials: 'omit',
      redirect: 'manual',
      dispatcher,
    };
    const response = await doFetch(url, init);
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      async *chunks() {
        const reader = response.body?.getReader();
        if (!reader) return;
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          yield chunk.value;
        }
      },
      cancel: async () => {
        await response.body?.cancel().catch(() => undefined);
      },
    };
  };
}
