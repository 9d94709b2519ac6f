// Reads a response body chunk by chunk up to a byte cap, so a hostile or endless body cannot exhaust
// memory. Timeouts and aborts reach the reader through the signal fetch was given.

export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The body was larger than the cap; the stream has been cancelled. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the body is larger than ${maxBytes} bytes`);
  }
}

export async function readBodyCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await cancelQuietly(response.body);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new BodyTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Frees the connection when we do not want the body (5xx, 429, redirects). */
export async function cancelQuietly(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (body && !body.locked) await body.cancel().catch(() => undefined);
}
