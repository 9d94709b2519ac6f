// The spec's errors in disguise: bodies that arrive with a success status (or any status) but mean
// "not found" or "bad request". Each returns an ApiError, or undefined for an ordinary body.
import { MESSAGES } from '../../shared/api/schemas';
import type { ApiError } from './api-error';
import { badRequestError, notFoundError } from './error-messages';
import type { ApiOperation } from './operations';

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** GET/PUT /jobs/:id answer 200 `{ message: "Job not found" }` for a missing or foreign job. */
export function jobNotFoundQuirk(operation: ApiOperation) {
  return (body: unknown): ApiError | undefined => {
    const message = field(body, 'message');
    // A real job record has a uuid; a bare "... not found" message is the disguised 404 of the spec.
    if (typeof message !== 'string' || field(body, 'uuid') !== undefined) return undefined;
    return message === MESSAGES.jobNotFound || /\bnot found\b/i.test(message)
      ? notFoundError(operation)
      : undefined;
  };
}

/** POST /jobs/trigger-job stops at the first unknown id with `{ message: "No job found" }`, whatever the status. */
export function noJobFoundQuirk(body: unknown): ApiError | undefined {
  const message = field(body, 'message');
  return typeof message === 'string' && (message === MESSAGES.noJobFound || /\bno job found\b/i.test(message))
    ? notFoundError('triggerJobs')
    : undefined;
}

/** GET /storage/generate-signed-path without `path`: `{ error: "Path query parameter is required" }`. */
export function pathRequiredQuirk(body: unknown, status: number): ApiError | undefined {
  const error = field(body, 'error');
  if (typeof error !== 'string' || field(body, 'signedUrl') !== undefined) return undefined;
  return error === MESSAGES.pathRequired
    ? badRequestError('getSignedUrl', status >= 400 ? status : undefined, MESSAGES.pathRequired)
    : undefined;
}
