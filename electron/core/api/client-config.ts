// Turns createApiClient's options into the transport's settings: checks the service address, fills
// in defaults (30 s timeout, retry policy, 5 MiB body cap) and the platform's fetch, clock and sleep.
import { DEFAULT_MAX_BODY_BYTES } from './read-body';
import { createRedactor } from './redact';
import { DEFAULT_RETRY } from './retry-policy';
import type { TransportConfig } from './transport';
import type { ApiClientOptions } from './types';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Waits, or rejects as soon as the signal aborts (so a cancelled call does not sit out its backoff). */
function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Validates the service address; the message never echoes it, since it could hold credentials. */
function parseBaseUrl(baseUrl: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new TypeError(
      'The service address must be an http or https URL without a user name, password, query or fragment.',
    );
  }
  return url;
}

/** Throws a TypeError for an unusable base URL; everything else fails later, per call, as an ApiError. */
export function resolveConfig(options: ApiClientOptions): TransportConfig {
  const url = parseBaseUrl(options.baseUrl);
  // Looked up per call, so a fetch installed (or mocked) after the client was made is still used.
  const platformFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
  return {
    baseUrl: url.href.replace(/\/+$/, ''),
    host: url.host,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_TIMEOUT_MS,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    fetch: options.fetch ?? platformFetch,
    log: options.log ?? (() => undefined),
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
    now: options.now ?? Date.now,
    redact: createRedactor([options.apiKey]),
  };
}
