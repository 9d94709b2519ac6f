// The sandbox's CDN: serves stored files behind signed links, with HEAD, ETag and single Range support,
// and the download faults (throttling, cut-short bodies) that a real CDN connection can show. Bodies are
// streamed from the file on disk (http/send-file-range.ts).
import { open } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from '../http/byte-range';
import type { SandboxContext } from '../http/context';
import { sendFileRange } from '../http/send-file-range';
import { verifySignature } from '../signing';

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
  const bodies = new Set<ServerResponse>();
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

    const size = file.size;
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

    if (request.method === 'HEAD' || size === 0) {
      reply.hijack();
      reply.raw.writeHead(status, headers);
      reply.raw.end();
      return;
    }
    // Opened before the head is sent: a file missing on disk is a 404, not a broken 200.
    const handle = await open(file.path, 'r').catch(() => null);
    if (!handle) return reply.code(404).send({ message: 'No file is stored at this path.' });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(status, headers);
    const { cdnBytesPerSecond, cdnCutAfterBytes } = ctx.faults.settings;
    bodies.add(res);
    try {
      await sendFileRange(res, handle, start, end, {
        bytesPerSecond: cdnBytesPerSecond,
        cutAfterBytes: cdnCutAfterBytes,
      });
    } finally {
      bodies.delete(res);
    }
  };
  app.route({ method: ['GET', 'HEAD'], url: '/cdn/*', handler, exposeHeadRoute: false });
  // A closing sandbox ends the downloads under way, as a server going down does, instead of waiting for
  // a throttled gigabyte to finish.
  app.addHook('preClose', async () => {
    for (const res of bodies) res.destroy();
  });
}
