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
  /** Serialized JSON body, for POST and PUT. */
  readonly body?: string;
  readonly schema: z.ZodType;
  /** Picks the caller's value out of the validated body (e.g. `data` of a `{ message, data }` wrapper). */
  readonly pick: (parsed: unknown) => T;
  /** Recognises a body that is an error in disguise (e.g. 200 `{ message: "Job not found" }`). */
  readonly quirk?: (body: unknown, status: number) => ApiError | undefined;
}
