// The sandbox's CDN: serves stored files behind signed links, with HEAD, ETag and single Range support,
// and the download faults (throttling, cut-short bodies) that a real CDN connection can show.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from '../http/byte-range';
import type { SandboxContext } from '../http/context';
import { verifySignature } from '../signing';

const CHUNK = 16 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function decodeKey(wildcard: string): string | null {
  try {
    return wildcard.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

function fileName(key: string): string {
  const base = key.split('/').pop() ?? 'download';
  return base.replace(/[^\w.-]/g, '_');
}

export function registerCdnRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const handler = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const { latencyMs } = ctx.faults.settings;
    if (latencyMs > 0) await sleep(latencyMs);
    const key = decodeKey(request.params['*']);
    if (key === null) return reply.code(400).send({ message: 'The link is malformed.' });
    const check = verifySignature(
      ctx.signingSecret,
      key,
      request.query as Record<string, unknown>,
      ctx.clock(),
    );
    if (!check.ok) return reply.code(403).send({ message: check.reason });
    const file = ctx.files.get(key);
    if (!file || file.accountId !== check.accountId) {
      return reply.code(404).send({ message: 'No file is stored at this path.' });
    }

    const size = file.bytes.length;
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      etag: file.etag,
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=0',
      'content-disposition': `attachment; filename="${fileName(key)}"`,
    };
    if (request.headers['if-none-match'] === file.etag) {
      return reply.code(304).headers(headers).send();
    }
    const ifRange = request.headers['if-range'];
    const range =
      ifRange && ifRange !== file.etag
        ? { kind: 'whole' as const }
        : parseByteRange(request.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .headers({ ...headers, 'content-range': `bytes */${size}` })
        .send();
    }
    const [status, start, end] =
      range.kind === 'partial' ? [206, range.start, range.end] : [200, 0, size - 1];
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    headers['content-length'] = String(end - start + 1);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(status, headers);
    if (request.method === 'HEAD' || size === 0) {
      res.end();
      return;
    }
    await sendBody(res, file.bytes.subarray(start, end + 1), ctx);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/cdn/*', handler, exposeHeadRoute: false });
}

/** Writes the body in chunks, honouring backpressure, the throttle and the cut-short fault. */
async function sendBody(res: ServerResponse, body: Buffer, ctx: SandboxContext): Promise<void> {
  const { cdnBytesPerSecond, cdnCutAfterBytes } = ctx.faults.settings;
  const limit = cdnCutAfterBytes === null ? body.length : Math.min(cdnCutAfterBytes, body.length);
  // Throttled bodies go out in small chunks, each after its share of time, so the pace is even.
  const chunkSize = cdnBytesPerSecond
    ? Math.max(256, Math.min(CHUNK, Math.floor(cdnBytesPerSecond / 20)))
    : CHUNK;
  let sent = 0;
  while (sent < limit && !res.destroyed) {
    const chunk = body.subarray(sent, Math.min(sent + chunkSize, limit));
    if (cdnBytesPerSecond) await sleep((chunk.length / cdnBytesPerSecond) * 1000);
    if (res.destroyed) return;
    sent += chunk.length;
    await new Promise<void>((resolve) => {
      const flushed = res.write(chunk, () => resolve());
      if (!flushed) res.once('close', () => resolve());
    });
  }
  if (sent < body.length) res.destroy();
  else res.end();
}
