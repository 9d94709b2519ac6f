// Request bodies arrive as raw bytes (see server.ts) so each route decides how strict to be, and every
// parse or validation failure becomes a 400 with a sentence, never a 5xx.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

export type BodyResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function jsonBody(request: FastifyRequest): BodyResult<unknown> {
  const raw = request.body;
  if (!Buffer.isBuffer(raw) || raw.length === 0)
    return { ok: false, message: 'The request needs a JSON body.' };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    return { ok: false, message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.` };
  }
  return { ok: true, value };
}

/** Like jsonBody, but an absent body counts as `{}` (for endpoints whose fields are all optional). */
export function optionalJsonBody(request: FastifyRequest): BodyResult<unknown> {
  const raw = request.body;
  if (!Buffer.isBuffer(raw) || raw.length === 0) return { ok: true, value: {} };
  return jsonBody(request);
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): BodyResult<z.output<S>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  const text = issue?.message ?? 'invalid';
  // zod's own messages already name the field when we wrote them; avoid "field: field must…".
  const message = where && text.startsWith(String(issue?.path[0])) ? text : `${where}${text}`;
  return { ok: false, message: `Invalid request: ${message}.`.replace('..', '.') };
}

/** Parses the JSON body and validates it against a schema in one step (the shape every write route needs). */
export function parseBody<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: { optional?: boolean } = {},
): BodyResult<{ raw: unknown; value: z.output<S> }> {
  const body = options.optional ? optionalJsonBody(request) : jsonBody(request);
  if (!body.ok) return body;
  const parsed = validate(schema, body.value);
  return parsed.ok ? { ok: true, value: { raw: body.value, value: parsed.value } } : parsed;
}
