// Streams a slice of a file as a response body with backpressure, so serving a gigabyte takes no more
// memory than a kilobyte, and with the CDN's faults: an even throttle and a connection cut after N bytes.
import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

export interface BodyFaults {
  /** null: full speed. */
  bytesPerSecond: number | null;
  /** null: never cut. */
  cutAfterBytes: number | null;
}

const CHUNK = 64 * 1024;
const THROTTLED_CHUNK = 16 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends bytes [start, end] of the open file, then closes it. The response's head is already set; the
 * last bytes go out with `end()` at once (not after the file's end is read), so the connection is idle
 * the moment the client has the whole body. A client that goes away stops the read (and closes the file).
 */
export async function sendFileRange(
  res: ServerResponse,
  file: FileHandle,
  start: number,
  end: number,
  faults: BodyFaults,
): Promise<void> {
  const length = end - start + 1;
  const limit = faults.cutAfterBytes === null ? length : Math.min(Math.max(0, faults.cutAfterBytes), length);
  if (limit === 0) {
    await file.close();
    res.flushHeaders();
    cut(res);
    return;
  }
  const { bytesPerSecond } = faults;
  // Throttled bodies go out in small chunks, each after its share of time, so the pace is even.
  const chunkSize = bytesPerSecond
    ? Math.max(256, Math.min(THROTTLED_CHUNK, Math.floor(bytesPerSecond / 20)))
    : CHUNK;
  const stream = file.createReadStream({ start, end: start + limit - 1, highWaterMark: chunkSize });
  const stop = () => stream.destroy();
  res.once('close', stop);
  if (res.destroyed) stop();
  let sent = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (bytesPerSecond) await sleep((chunk.length / bytesPerSecond) * 1000);
      if (res.destroyed) return;
      sent += chunk.length;
      if (sent === length) {
        res.end(chunk);
        return;
      }
      if (sent === limit) {
        res.write(chunk);
        cut(res);
        return;
      }
      if (!res.write(chunk)) await drained(res);
    }
    // The file ended before its recorded size (changed on disk): a broken body, never a short one.
    res.destroy();
  } catch {
    // Unreadable, or the client went away mid-read: the connection goes.
    res.destroy();
  } finally {
    res.off('close', stop);
    stream.destroy();
  }
}

/** The cut fault: the bytes written so far reach the client, then the connection is destroyed. */
function cut(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) {
    res.destroy();
    return;
  }
  // end() sends what is buffered, then FIN; destroy() only once that is flushed, or bytes would be lost.
  socket.end(() => socket.destroy());
}

/** Resolves when the response can take more, or when it is closed (whichever comes first). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
