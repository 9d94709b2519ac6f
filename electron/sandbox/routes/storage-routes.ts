// GET /storage/generate-signed-path: storage key → signed, expiring link on the sandbox's own CDN.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/api/schemas';
import { callerOf, type SandboxContext } from '../http/context';
import { signUrl } from '../signing';

export function registerStorageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: { path?: unknown } }>('/storage/generate-signed-path', async (request, reply) => {
    const path = request.query.path;
    // The status for a missing path is not shown in the spec; 400 says "your request is incomplete".
    if (typeof path !== 'string' || path.length === 0) {
      return reply.code(400).send({ error: MESSAGES.pathRequired });
    }
    // Any path is signed (200, as the spec says); the link is bound to the caller's account, so it
    // only ever serves that account's files.
    const signedUrl = signUrl(ctx.origin(), ctx.signingSecret, {
      accountId: callerOf(request).id,
      key: path,
      expiresAt: ctx.clock() + ctx.faults.settings.signedUrlTtlMs,
    });
    return { signedUrl };
  });
}
