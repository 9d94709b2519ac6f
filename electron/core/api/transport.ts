// Runs one Endpoint against the service: per-attempt timeout joined with the caller's signal, bounded
// body reads, retries by retry-policy.ts, and one log line per attempt (never the key, never headers).
import type { ApiError } from './api-error';
import type { Endpoint } from './endpoint';
import { abortedError, invalidResponseError, unusableKeyError } from './error-messages';
import { classifyFetchFailure } from './fetch-failure';
import type { FailureContext } from './fetch-failure';
import { isWrite } from './operations';
import { BodyTooLargeError, cancelQuietly, readBodyCapped } from './read-body';
import type { Redactor } from './redact';
import { MAX_ERROR_BODY_BYTES, errorFromStatus, interpretBody } from './response-mapper';
import { parseRetryAfter } from './retry-after';
import { decideRetry } from './retry-policy';
import type { FailedAttempt, RetryOptions } from './retry-policy';

export interface TransportConfig {
  /** Normalised: no trailing slash. */
  readonly baseUrl: string;
  /** host:port of the base URL, for messages (never user info). */
  readonly host: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly retry: RetryOptions;
  readonly maxBodyBytes: number;
  readonly fetch: typeof fetch;
  readonly log: (line: string) => void;
  readonly random: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly now: () => number;
  readonly redact: Redactor;
}

export interface CallOptions {
  /** Cancels the call, including any wait between retries. */
  signal?: AbortSignal;
  /** Per attempt, covering the body too; overrides the client's default. */
  timeoutMs?: number;
  /**
   * Extra attempts after the first, for this call only (0: a single attempt), e.g. for a poll scheduler
   * that backs off itself. Which failures may be retried is unchanged: a write that may have taken effect
   * is never sent again. Fractions round down, negatives count as 0; NaN and Infinity keep the default.
   */
  retries?: number;
}

type AttemptOutcome<T> =
  { ok: true; value: T; status: number } | ({ ok: false; status?: number } & FailedAttempt);

/** Header values may not carry line breaks or NUL, nor start or end with blanks (fetch would throw, echoing it). */
const SENDABLE_KEY = /^[\x21-\x7e\x80-\xff](?:[\x20-\x7e\x80-\xff\t]*[\x21-\x7e\x80-\xff])?$/;

/** The client's retry settings with this call's retry count, if it gave a usable one. */
function retryFor(config: TransportConfig, retries: number | undefined): RetryOptions {
  if (retries === undefined || !Number.isFinite(retries)) return config.retry;
  return { ...config.retry, retries: Math.max(0, Math.floor(retries)) };
}

/** AbortSignal.timeout rejects 0, negatives, NaN and values beyond a 32-bit timer. */
function clampTimeout(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(1, Math.round(value)), 2_147_483_647);
}

async function attemptOnce<T>(
  config: TransportConfig,
  endpoint: Endpoint<T>,
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<AttemptOutcome<T>> {
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  // One signal for fetch and for the body reads, so the timeout covers a server that stalls mid-body.
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
  const context: FailureContext = {
    operation: endpoint.operation,
    host: config.host,
    timeoutMs,
    callerSignal,
    timeoutSignal,
  };
  // The endpoint's extra headers go first, so that none of them can stand in for the key or the type.
  const headers: Record<string, string> = {
    ...endpoint.headers,
    accept: 'application/json',
    'x-api-key': config.apiKey,
  };
  if (endpoint.body !== undefined) headers['content-type'] = endpoint.contentType ?? 'application/json';

  let response: Response;
  try {
    response = await config.fetch(`${config.baseUrl}${endpoint.path}`, {
      method: endpoint.method,
      headers,
      body: endpoint.body,
      signal,
      // Following a redirect would hand the x-api-key header to whatever host it names.
      redirect: 'manual',
    });
  } catch (error) {
    return { ok: false, ...classifyFetchFailure(error, context) };
  }

  const { status } = response;
  const mapperContext = { redact: config.redact, now: config.now() };
  const early = errorFromStatus(endpoint, status, response.headers, mapperContext);
  if (early) {
    void cancelQuietly(response.body);
    return {
      ok: false,
      status,
      error: early,
      neverSent: false,
      retryAfterMs:
        early.retryAfterMs ?? parseRetryAfter(response.headers.get('retry-after'), mapperContext.now),
    };
  }

  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBodyCapped(response, status >= 400 ? MAX_ERROR_BODY_BYTES : config.maxBodyBytes);
  } catch (error) {
    if (status < 400 || callerSignal?.aborted) {
      if (error instanceof BodyTooLargeError) {
        const problem = `the body is larger than the limit of ${error.maxBytes} bytes`;
        return {
          ok: false,
          status,
          error: invalidResponseError(endpoint.operation, status, problem),
          neverSent: false,
        };
      }
      return { ok: false, status, ...classifyFetchFailure(error, context) };
    }
    // An error status is known even when its body is lost: map it without the server's text.
    bytes = undefined;
  }
  const result = interpretBody(endpoint, status, bytes, mapperContext);
  return result.ok
    ? { ok: true, value: result.value, status }
    : { ok: false, status, error: result.error, neverSent: false };
}

function describeOutcome(outcome: AttemptOutcome<unknown>): string {
  if (outcome.ok) return String(outcome.status);
  const { error } = outcome;
  if (outcome.status !== undefined) return `${outcome.status} ${error.kind}`;
  const code =
    typeof error.cause === 'object' && error.cause !== null ? (error.cause as { code?: string }).code : '';
  return error.kind === 'network' ? `network error${code ? ` (${code})` : ''}` : error.kind;
}

function safeLog(config: TransportConfig, line: string): void {
  try {
    config.log(config.redact(line));
  } catch {
    // A broken logger must not turn a successful call into a failure.
  }
}

/** Runs the endpoint with retries; resolves with the picked value or rejects with an ApiError. */
export async function execute<T>(
  config: TransportConfig,
  endpoint: Endpoint<T>,
  options: CallOptions = {},
): Promise<T> {
  const { operation } = endpoint;
  if (config.apiKey === '') throw unusableKeyError(operation, true);
  if (!SENDABLE_KEY.test(config.apiKey)) throw unusableKeyError(operation, false);
  const write = isWrite(operation);
  const timeoutMs = clampTimeout(options.timeoutMs, config.timeoutMs);
  const retry = retryFor(config, options.retries);
  const label = `${endpoint.method} ${endpoint.path.split('?')[0]}`;

  for (let retryIndex = 0; ; retryIndex += 1) {
    if (options.signal?.aborted) throw abortedError(operation, false);
    const started = performance.now();
    const outcome = await attemptOnce(config, endpoint, options.signal, timeoutMs);
    const line = `${label} → ${describeOutcome(outcome)} in ${Math.round(performance.now() - started)} ms`;
    if (outcome.ok) {
      safeLog(config, line);
      return outcome.value;
    }
    const decision = decideRetry(outcome, write, retryIndex, retry, config.random);
    if (!decision.retry) {
      safeLog(config, `${line}, ${decision.reason}`);
      throw outcome.error;
    }
    safeLog(config, `${line}, retrying in ${decision.delayMs} ms`);
    await waitBeforeRetry(config, decision.delayMs, options.signal, operation, outcome.error);
  }
}

async function waitBeforeRetry(
  config: TransportConfig,
  delayMs: number,
  signal: AbortSignal | undefined,
  operation: Endpoint<unknown>['operation'],
  previous: ApiError,
): Promise<void> {
  try {
    await config.sleep(delayMs, signal);
  } catch {
    if (!signal?.aborted) throw previous;
  }
  // Only retried failures get here, and those never took effect, so the outcome is known.
  if (signal?.aborted) throw abortedError(operation, false);
}
