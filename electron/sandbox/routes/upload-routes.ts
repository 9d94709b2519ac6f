// POST /sandbox/uploads: the sandbox account's asset storage for files dropped into job forms. It is not
// part of the service's API (real accounts upload to their own storage), so it lives under /sandbox/.
// The body is streamed to disk, never held in memory: a declared size over the limit is refused before a
// byte is read, and a body without one is cut where it passes the limit.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { callerOf, type SandboxContext } from '../http/context';
import { signUrl } from '../signing';
import { limitedBody, BodyTooLarge } from '../http/limited-body';

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

const TOO_LARGE = {
  message: `The upload is larger than ${UPLOAD_LIMIT_BYTES / (1024 * 1024)} MB, the sandbox's limit for one file.`,
};

export function registerUploadRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // A scope of its own: here the body reaches the route as the request's stream, not as bytes.
  app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    uploads.post('/sandbox/uploads', async (request, reply) => {
      const type =
        String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      if (!ALLOWED.test(type)) {
        return reply
          .code(415)
          .send({ message: 'Uploads must be images or audio (Content-Type image/* or audio/*).' });
      }
      // Said before anything is read (the unread body closes the connection: unread-body.ts).
      if (Number(request.headers['content-length'] ?? 0) > UPLOAD_LIMIT_BYTES) {
        return reply.code(413).send(TOO_LARGE);
      }
      const body = await limitedBody(request.body as Readable | undefined, UPLOAD_LIMIT_BYTES);
      if (!body) return reply.code(400).send({ message: 'The upload is empty.' });
      const name = safeFileName(decodedHeader(request.headers['x-file-name']));
      const account = callerOf(request);
      const key = `uploads/${account.id}/${randomUUID()}/${name}`;
      try {
        await ctx.files.write({ key, accountId: account.id, contentType: type }, body);
      } catch (error) {
        // Cut at the limit: what was written is removed by the store, the rest is never read.
        if (error instanceof BodyTooLarge) return reply.code(413).send(TOO_LARGE);
        throw error;
      }
      const url = signUrl(ctx.origin(), ctx.signingSecret, {
        accountId: account.id,
        key,
        expiresAt: ctx.clock() + UPLOAD_LINK_TTL_MS,
      });
      return reply.code(201).send({ key, url });
    });
  });
}
