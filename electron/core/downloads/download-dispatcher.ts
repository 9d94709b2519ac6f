// The downloader's connections (an undici dispatcher for fetch): every host name is resolved through the
// place-of-address rule (link-rule.ts) when the connection is made, on every address it resolves to. So a
// name that leads to this computer or its network is refused for a remote account and never connected,
// at each hop, whatever the name resolved to when it was first seen (DNS rebinding). An address written in
// the link itself is checked before the request (linkProblem). The check runs once per connection, never
// per chunk. undici is Node's own fetch, pinned to the version Node 20 bundles (its Agent passes `lookup`
// to net.connect and tls.connect).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { homeOf, resolvedProblem, type Place } from './link-rule';

/** A connection refused because of where its name resolved to; `message` is the person's sentence. */
export class ResolvedAddressError extends Error {
  readonly code = 'ERESOLVEDPLACE';

  constructor(message: string) {
    super(message);
    this.name = 'ResolvedAddressError';
  }
}

const systemLookup: LookupFunction = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** A lookup that answers only when every address the name has may be reached for this account. */
export function guardedLookup(home: Place, protocol: string, resolve: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found, family) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const addresses: LookupAddress[] =
        typeof found === 'string' ? [{ address: found, family: family ?? 4 }] : found;
      for (const { address } of addresses) {
        const problem = resolvedProblem(hostname, address, home, protocol);
        if (problem) {
          callback(new ResolvedAddressError(problem), '', 0);
          return;
        }
      }
      const first = addresses[0];
      if (options.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
      else callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    });
  };
}

function makeDispatcher(home: Place, resolve: LookupFunction): Agent {
  // One connector per scheme: plain http may reach only this computer, whatever the name says.
  const http = buildConnector({ lookup: guardedLookup(home, 'http:', resolve) });
  const https = buildConnector({ lookup: guardedLookup(home, 'https:', resolve) });
  return new Agent({
    connect: (options, callback) => (options.protocol === 'http:' ? http : https)(options, callback),
  });
}

// One per place an account can be (three at most), kept for the app's life so connections are reused.
const shared = new Map<Place, Agent>();

/**
 * The dispatcher for an account's downloads. `resolve` replaces the system's resolver (tests): such a
 * dispatcher is the caller's own, to close when done (`owned`).
 */
export function downloadDispatcher(
  accountUrl: string,
  resolve?: LookupFunction,
): { dispatcher: Dispatcher; owned: boolean } {
  const home = homeOf(accountUrl);
  if (resolve) return { dispatcher: makeDispatcher(home, resolve), owned: true };
  let agent = shared.get(home);
  if (!agent) {
    agent = makeDispatcher(home, systemLookup);
    shared.set(home, agent);
  }
  return { dispatcher: agent, owned: false };
}

/** The refusal a failed fetch carries somewhere in its causes, if that is why it failed. */
export function resolvedRefusal(error: unknown): ResolvedAddressError | null {
  let cause: unknown = error;
  for (let depth = 0; cause instanceof Error && depth < 8; depth += 1) {
    if (cause instanceof ResolvedAddressError) return cause;
    cause = cause.cause;
  }
  return null;
}
