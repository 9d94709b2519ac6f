// An answer given before a request's body was read (401, 413, 429, an injected fault) closes the
// connection. Otherwise Node would read and discard the rest of the body to reuse the connection, and a
// client without a key could keep it busy with a body that never ends.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function hasUnreadBody(request: FastifyRequest): boolean {
  const { headers, complete } = request.raw;
  const declared = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
  return declared && !complete;
}

export function registerUnreadBodyGuard(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (hasUnreadBody(request)) reply.header('connection', 'close');
    return payload;
  });
}
