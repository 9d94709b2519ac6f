// Assembles the sandbox: database, stores, worker and the Fastify app with its API and CDN routes.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { AccountStore } from './account-store';
import { openSandboxDb, type SandboxDb } from './db';
import { defaultSeedPath } from './default-seed';
import { Faults } from './faults';
import { FileStore } from './file-store';
import { CdnLog, registerCdnLog } from './http/cdn-log';
import type { SandboxContext } from './http/context';
import { DEFAULT_REQUEST_TIMEOUT_MS, answerClientError, createSandboxServer } from './http/http-server';
import { registerUnreadBodyGuard } from './http/unread-body';
import { JobStore } from './job-store';
import { registerAccountRoutes } from './routes/account-routes';
import { registerApiGuards } from './routes/api-guards';
import { registerCdnRoutes } from './routes/cdn-routes';
import { registerJobRoutes } from './routes/job-routes';
import { registerStorageRoutes } from './routes/storage-routes';
import { registerUploadRoutes } from './routes/upload-routes';
import { loadSeedFile, sandboxSeedSchema } from './seed';
import type { RunningSandbox, SandboxOptions } from './types';
import { Worker } from './worker';

/** Request bodies above this are refused with 413, by their Content-Length before any is read (the spec shows no limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

function signingSecretOf(db: SandboxDb, given: string | undefined): string {
  if (given) return given;
  const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'signing_secret'").get();
  if (row) return row.value;
  const secret = randomBytes(32).toString('hex');
  db.prepare("INSERT INTO meta (key, value) VALUES ('signing_secret', ?)").run(secret);
  return secret;
}

function buildApp(
  ctx: SandboxContext,
  requestTimeoutMs: number,
  log?: (line: string) => void,
): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // Closing ends every connection at once: a request left half-sent (a client killed mid-request, a
    // socket the client forgot) would otherwise hold the close for the 30 s request timeout.
    forceCloseConnections: true,
    serverFactory: (handler) => createSandboxServer(handler, requestTimeoutMs),
    clientErrorHandler: answerClientError,
  });
  // Every body is taken as raw bytes; routes parse JSON themselves so that bad JSON is a clear 400
  // and the legacy endpoint can accept anything, as the spec says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) log?.(`${request.method} ${request.url.split('?')[0]}: ${error.message}`);
    const message =
      status === 413
        ? `The request body is larger than ${request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES} bytes.`
        : status === 500
          ? 'The sandbox failed to handle the request.'
          : error.message;
    return reply.code(status).send({ message });
  });
  registerUnreadBodyGuard(app);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `No endpoint ${request.method} ${request.url.split('?')[0]}.` }),
  );
  if (log) {
    app.addHook('onResponse', async (request, reply) => {
      log(`${request.method} ${request.url.split('?')[0]} → ${reply.statusCode}`);
    });
  }

  registerCdnLog(app, ctx.cdnLog);
  app.register(async (cdn) => registerCdnRoutes(cdn, ctx));
  app.register(async (api) => {
    registerApiGuards(api, ctx);
    registerAccountRoutes(api, ctx);
    registerJobRoutes(api, ctx);
    registerStorageRoutes(api, ctx);
    registerUploadRoutes(api, ctx);
  });
  return app;
}

/** Starts the sandbox on loopback; resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = options.seed ? sandboxSeedSchema.parse(options.seed) : loadSeedFile(defaultSeedPath());
  const db = openSandboxDb(options.dataDir ?? null);
  const clock = Date.now;
  const random = options.random ?? Math.random;
  const accounts = new AccountStore(db);
  accounts.applySeed(seed, options.runKey);
  const jobs = new JobStore(db, accounts, clock, random);
  const files = new FileStore(db, options.dataDir ?? null);
  const worker = new Worker({ jobs, accounts, files, clock, log: options.log });
  let origin = '';
  const ctx: SandboxContext = {
    accounts,
    jobs,
    files,
    worker,
    faults: new Faults(options.faults, random, clock),
    signingSecret: signingSecretOf(db, options.signingSecret),
    cdnLog: new CdnLog(),
    clock,
    origin: () => origin,
  };
  const app = buildApp(ctx, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, options.log);
  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ port: options.port ?? 0, host });
  } catch (error) {
    db.close();
    files.dispose();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  worker.start();

  let closing: Promise<void> | null = null;
  return {
    url: origin,
    port,
    apiKeys: seed.accounts.map((account, slot) =>
      slot === 0 && options.runKey ? options.runKey.key : account.apiKey,
    ),
    faults: ctx.faults,
    inspect: {
      jobCount: (apiKey) => {
        if (apiKey === undefined) return jobs.count();
        const account = accounts.byApiKey(apiKey);
        return account ? jobs.count(account.id) : 0;
      },
      jobIds: (apiKey) => {
        const account = accounts.byApiKey(apiKey);
        return account ? jobs.ids(account.id) : [];
      },
      credits: (apiKey) => accounts.byApiKey(apiKey)?.credits ?? Number.NaN,
      fileKeys: () => files.keys(),
      cdnRequests: () => ctx.cdnLog.list(),
      filesFolder: () => files.dir,
    },
    close: () => {
      closing ??= (async () => {
        await worker.stop();
        await app.close();
        accounts.releaseRunKey();
        db.close();
        files.dispose();
      })();
      return closing;
    },
  };
}
