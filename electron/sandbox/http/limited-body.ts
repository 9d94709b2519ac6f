// A request body read part by part up to a limit: the parts go on (to disk) as they come, and passing the
// limit stops the reading at once, so no body, however long, is ever held whole.
import type { Readable } from 'node:stream';

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLarge';
  }
}

/**
 * The body's parts, or null when it has none. Iterating them throws BodyTooLarge as soon as more than
 * `limit` bytes have come, before the part that passes it is handed on.
 */
export async function limitedBody(
  stream: Readable | undefined,
  limit: number,
): Promise<AsyncIterable<Buffer> | null> {
  if (!stream) return null;
  const parts = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await parts.next();
  if (first.done || first.value.length === 0) return null;
  return (async function* () {
    let size = 0;
    let next: IteratorResult<Buffer> = first;
    while (!next.done) {
      size += next.value.length;
      if (size > limit) {
        // Stops reading: the stream is paused, and the answer closes the connection.
        stream.pause();
        throw new BodyTooLarge(limit);
      }
      yield next.value;
      next = await parts.next();
    }
  })();
}
