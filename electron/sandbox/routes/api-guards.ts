// Hooks of every API route, all before any body is read: injected faults first (as a flaky network or
// proxy would), then the API key, then the per-key rate limit.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setCaller, type SandboxContext } from '../http/context';

const resetAfter = new WeakSet<FastifyRequest>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerApiGuards(app: FastifyInstance, ctx: SandboxContext): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { latencyMs } = ctx.faults.settings;
    if (latencyMs > 0) await sleep(latencyMs);
    const path = request.url.split('?')[0] ?? request.url;
    const decision = ctx.faults.decide(request.method, path);
    switch (decision.kind) {
      case 'status':
        return reply
          .code(decision.status)
          .send({ message: 'The sandbox injected a server error (fault injection).' });
      case 'rate-limit':
        return reply
          .code(429)
          .header('retry-after', decision.retryAfter)
          .send({ message: 'Too many requests. Retry after the delay in Retry-After.' });
      case 'reset-before':
        request.raw.socket.destroy();
        return reply;
      case 'reset-after':
        resetAfter.add(request);
        return;
      case 'delay':
        await sleep(decision.ms);
        return;
      case 'none':
        return;
    }
  });

  // The key is checked in onRequest, before Fastify reads (or even checks the size of) a body: a client
  // without a key never gets the sandbox to buffer its upload. The 401 body is not shown in the spec;
  // `{ message: "Unauthorized" }` matches the service's other bodies.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['x-api-key'];
    const account = typeof key === 'string' && key.length > 0 ? ctx.accounts.byApiKey(key) : undefined;
    if (!account) return reply.code(401).send({ message: 'Unauthorized' });
    setCaller(request, account);
  });

  // The per-key limit counts only requests with a valid key (a real service identifies the key first),
  // and refuses before the body is read, so a refused request never takes effect.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = ctx.faults.admit(String(request.headers['x-api-key']));
    if (decision.kind === 'none') return;
    return reply
      .code(429)
      .header('retry-after', decision.retryAfter)
      .send({ message: 'Too many requests for this API key. Retry after the delay in Retry-After.' });
  });

  // A reset "mid-response": the request took effect, the status line and half the body went out, then the
  // connection dies — the case where a client cannot know whether its write happened.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!resetAfter.has(request)) return payload;
    const body = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload ?? ''));
    reply.header('content-length', String(body.length));
    const half = body.subarray(0, Math.floor(body.length / 2));
    let pushed = false;
    return new Readable({
      read() {
        if (pushed) return;
        pushed = true;
        this.push(half);
        // Give the half a moment to reach the client, then kill the connection without ending the body.
        setTimeout(() => request.raw.socket.destroy(), 20);
      },
    });
  });
}
