// Describes one call to the service: method, path, body, how to read a success and which quirky
// bodies of the spec are really errors. The transport runs it; api-client.ts builds one per function.
import type { z } from 'zod';
import type { ApiError } from './api-error';
import type { ApiOperation } from './operations';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface Endpoint<T> {
  readonly operation: ApiOperation;
  readonly method: HttpMethod;
  /** Path (and query) under the base URL, every parameter already encoded. */
  readonly path: string;
  /** Serialized JSON for POST and PUT, or raw bytes (uploads) whose type is `contentType`. */
  readonly body?: string | Uint8Array<ArrayBuffer>;
  /** The body's media type; JSON when absent. */
  readonly contentType?: string;
  /**
   * Headers of this request beyond the transport's own (accept, x-api-key, content-type), which they
   * cannot replace: names in lower case, values already safe to send.
   */
  readonly headers?: Readonly<Record<string, string>>;
  readonly schema: z.ZodType;
  /** Picks the caller's value out of the validated body (e.g. `data` of a `{ message, data }` wrapper). */
  readonly pick: (parsed: unknown) => T;
  /**
   * Checks the picked value against the request (e.g. the job asked for is the job answered); returns the
   * problem, worded for an invalid-response message, or undefined when the value fits.
   */
  readonly check?: (value: T) => string | undefined;
  /** Recognises a body that is an error in disguise (e.g. 200 `{ message: "Job not found" }`). */
  readonly quirk?: (body: unknown, status: number) => ApiError | undefined;
}

/** Ties `pick` to its schema's output type, so that each builder stays free of casts. */
export function define<S extends z.ZodType, T>(
  spec: Omit<Endpoint<T>, 'schema' | 'pick'> & { schema: S; pick: (parsed: z.output<S>) => T },
): Endpoint<T> {
  return { ...spec, pick: (parsed) => spec.pick(parsed as z.output<S>) };
}
