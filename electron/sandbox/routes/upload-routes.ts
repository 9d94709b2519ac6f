// POST /sandbox/uploads: the sandbox account's asset storage for files dropped into job forms. It is not
// part of the service's API (real accounts upload to their own storage), so it lives under /sandbox/.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { callerOf, type SandboxContext } from '../http/context';
import { signUrl } from '../signing';

export const UPLOAD_LIMIT_BYTES = 60 * 1024 * 1024;
const UPLOAD_LINK_TTL_MS = 7 * 24 * 3600 * 1000;
const ALLOWED = /^(image|audio)\//;

/** A storage-safe file name: no path, no control or odd characters, bounded length. */
export function safeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'upload';
}

function decodedHeader(value: string | string[] | undefined): string {
  try {
    return decodeURIComponent(String(value ?? ''));
  } catch {
    return '';
  }
}

export function registerUploadRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/uploads', { bodyLimit: UPLOAD_LIMIT_BYTES }, async (request, reply) => {
    const type =
      String(request.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    if (!ALLOWED.test(type)) {
      return reply
        .code(415)
        .send({ message: 'Uploads must be images or audio (Content-Type image/* or audio/*).' });
    }
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      return reply.code(400).send({ message: 'The upload is empty.' });
    }
    const name = safeFileName(decodedHeader(request.headers['x-file-name']));
    const account = callerOf(request);
    const key = `uploads/${account.id}/${randomUUID()}/${name}`;
    await ctx.files.put({ key, accountId: account.id, contentType: type, bytes: body });
    const url = signUrl(ctx.origin(), ctx.signingSecret, {
      accountId: account.id,
      key,
      expiresAt: ctx.clock() + UPLOAD_LINK_TTL_MS,
    });
    return reply.code(201).send({ key, url });
  });
}
