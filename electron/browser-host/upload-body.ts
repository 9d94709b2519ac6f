// The upload route's body, read within its limit: a declared size over the limit is refused before a byte
// is read, and a body without one is counted as it arrives and cut at the limit, so a page can never make
// the host hold more than the limit (three 600 MB uploads once took 3.2 GB).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_UPLOAD_BYTES, type UploadStore } from './upload-store';

const TOO_LARGE = 'That file is too large to send to the app from a browser.\n';

/** Answers 413 and closes the connection, so the rest of the body is never read. */
function tooLarge(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(413, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  response.end(TOO_LARGE);
  // Stop reading: what was sent beyond the answer stays in the socket and goes with it.
  request.pause();
  response.once('finish', () => request.socket.destroySoon());
}

export async function readUpload(
  request: IncomingMessage,
  response: ServerResponse,
  uploads: UploadStore,
): Promise<void> {
  const limit = Math.min(MAX_UPLOAD_BYTES, uploads.room());
  const declared = request.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= limit)) return tooLarge(request, response);

  const body = await new Promise<Buffer | null>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | null) => {
      request.off('data', take);
      resolve(result);
    };
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done(null);
      chunks.push(chunk);
    };
    request.on('data', take);
    request.once('end', () => done(Buffer.concat(chunks)));
    request.once('error', () => done(null));
  });
  if (!body) return tooLarge(request, response);
  const id = uploads.put(new Uint8Array(body.buffer, body.byteOffset, body.length));
  if (!id) return tooLarge(request, response);
  response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify({ id }));
}
