// POST /sandbox/uploads: the sandbox account's asset storage (electron/sandbox/routes/upload-routes.ts),
// not part of the spec. Raw bytes go with their own type and an encoded name; the answer is a signed link.
import { z } from 'zod';
import { define } from './endpoint';
import type { Endpoint } from './endpoint';
import { invalidInputError } from './error-messages';
import { encodeValue } from './request-input';

/** The sandbox answers 201 `{ key, url }`; only the link is used, and it is opened, so only http(s). */
const uploadedSchema = z.looseObject({ url: z.url({ protocol: /^https?$/ }) });

/**
 * type/subtype with optional parameters, printable ASCII only: anything else fetch would refuse as a
 * header value (and report as a network failure) or would let a caller add headers of its own.
 */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;[\x20-\x7e]*)?$/;

/** Typed for callers, checked for the untyped ones (values that came over IPC or from JavaScript). */
export function sandboxUpload(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  mimeType: string,
): Endpoint<{ url: string }> {
  const operation = 'uploadSandboxAsset';
  if (!(bytes instanceof Uint8Array)) {
    throw invalidInputError(operation, "the file's contents are not bytes");
  }
  // The sandbox refuses an empty upload anyway; saying so here spares a round trip.
  if (bytes.byteLength === 0) throw invalidInputError(operation, 'the file is empty');
  if (typeof name !== 'string') throw invalidInputError(operation, 'the file name is not text');
  if (typeof mimeType !== 'string' || !MEDIA_TYPE.test(mimeType)) {
    throw invalidInputError(operation, 'the file type is not a media type such as image/png');
  }
  return define({
    operation,
    method: 'POST',
    path: '/sandbox/uploads',
    body: bytes,
    contentType: mimeType,
    // Percent-encoded, as the sandbox decodes it: header values cannot carry most of a file name's letters.
    headers: { 'x-file-name': encodeValue(operation, name, 'file name') },
    schema: uploadedSchema,
    pick: (parsed) => ({ url: parsed.url }),
  });
}
