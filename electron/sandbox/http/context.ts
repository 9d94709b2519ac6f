// What every route of the sandbox shares: the stores, the worker, faults, signing and the caller.
import type { FastifyRequest } from 'fastify';
import type { Account, AccountStore } from '../account-store';
import type { Faults } from '../faults';
import type { FileStore } from '../file-store';
import type { JobStore } from '../job-store';
import type { Worker } from '../worker';
import type { CdnLog } from './cdn-log';

export interface SandboxContext {
  accounts: AccountStore;
  jobs: JobStore;
  files: FileStore;
  worker: Worker;
  faults: Faults;
  signingSecret: string;
  /** The CDN's latest requests, for tests (the key must never be among their headers). */
  cdnLog: CdnLog;
  clock: () => number;
  /** The sandbox's own origin, known once it listens; the `{cdn_url}` of signed links. */
  origin(): string;
}

const callers = new WeakMap<FastifyRequest, Account>();

export function setCaller(request: FastifyRequest, account: Account): void {
  callers.set(request, account);
}

/** The account of an authenticated request (the auth hook guarantees one on API routes). */
export function callerOf(request: FastifyRequest): Account {
  const account = callers.get(request);
  if (!account) throw new Error('An API route ran without an authenticated caller.');
  return account;
}
