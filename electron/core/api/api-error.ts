// The one error type the API client throws: a kind to branch on, and a message a person can act on.
// Messages are built by error-messages.ts and never contain the API key or any header.
import type { ApiOperation } from './operations';

export type ApiErrorKind =
  | 'unauthorized'
  | 'not-found'
  | 'bad-request'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalid-response'
  | 'aborted';

/** A cause stripped to facts that cannot carry secrets (never the original error: it may echo headers). */
export interface ApiErrorCause {
  readonly name: string;
  readonly code?: string;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  operation: ApiOperation;
  status?: number;
  retryAfterMs?: number;
  /** A write that may have reached the service: its effect is unknown, so a blind retry may repeat it. */
  outcomeUnknown?: boolean;
  /** The service's own words about a refusal, tidied and redacted; only when its answer carried any. */
  detail?: string;
  cause?: ApiErrorCause;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly operation: ApiOperation;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly outcomeUnknown: boolean;
  /** The service's own words about a refusal (tidied, redacted), for callers that phrase their own message. */
  readonly detail?: string;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause ? { cause: init.cause } : undefined);
    this.kind = init.kind;
    this.operation = init.operation;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    if (init.detail) this.detail = init.detail;
  }

  /** What crosses IPC or goes into a log: no stack, no cause. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      operation: this.operation,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      outcomeUnknown: this.outcomeUnknown,
      detail: this.detail,
      message: this.message,
    };
  }
}

// On the prototype rather than a field, so that the stack captured inside super() already says ApiError.
Object.defineProperty(ApiError.prototype, 'name', { value: 'ApiError', writable: true, configurable: true });

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
