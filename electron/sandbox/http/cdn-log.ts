// What reached the CDN: the method, path (without the signature's query) and headers of the latest
// requests, recorded before any check, so that tests can prove what a client sends there (never its key).
import type { FastifyInstance } from 'fastify';
import type { CdnRequest } from '../types';

/** Enough for any test's downloads, bounded so that a long-running sandbox does not grow. */
export const CDN_LOG_SIZE = 1000;

export class CdnLog {
  /** A ring: `next` is where the next entry goes once it is full. */
  private readonly entries: CdnRequest[] = [];
  private next = 0;

  record(entry: CdnRequest): void {
    if (this.entries.length < CDN_LOG_SIZE) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % CDN_LOG_SIZE;
  }

  /** Oldest first. */
  list(): readonly CdnRequest[] {
    if (this.entries.length < CDN_LOG_SIZE) return [...this.entries];
    return [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }
}

/** Records every request under /cdn/, whatever its method and whether or not a route answers it. */
export function registerCdnLog(app: FastifyInstance, log: CdnLog): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/cdn/')) return;
    log.record({ method: request.method, path, headers: { ...request.headers } });
  });
}
