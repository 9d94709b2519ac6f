// The worker's look at the files a job names on this computer (the sandbox's own uploads, a loopback S3
// server): fetched before the job can succeed, as the real service fetches its inputs, so that an expired
// or wrong link fails the job visibly. Redirects are followed only while they stay on this computer.
import { ASSET_RULES, type AssetKind } from '../../shared/domain/asset';
import { contentProblem, SNIFF_BYTES } from '../../shared/domain/asset-content';
import { loopbackInputs, loopbackUrl, type AssetInput } from './asset-inputs';

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;
const MB = 1024 * 1024;

/** Why a job's input could not be used, in the words its `output.error` carries. */
export class AssetFetchError extends Error {
  override name = 'AssetFetchError';
}

export interface FetchedAssets {
  /** The first image the job named on this computer, for image outputs to show. */
  photo: Buffer | null;
  /** How many inputs were fetched. */
  fetched: number;
}

export interface FetchOptions {
  /** For the whole of one input, redirects and body included. */
  timeoutMs?: number;
  /** Aborts every fetch: the worker stopping does not wait for a slow server. */
  signal?: AbortSignal;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A failed connection or read, in words: refused, timed out, or broken off. */
function networkReason(error: unknown, host: string, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `${host} did not send it within ${seconds(timeoutMs)}.`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  if (code === 'ECONNREFUSED') return `nothing answers at ${host} (connection refused).`;
  if (code === 'ECONNRESET' || code.startsWith('UND_ERR')) return `the connection to ${host} broke off.`;
  return `${host} could not be reached${code ? ` (${code})` : ''}.`;
}

function fileName(url: URL, field: string): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || field;
  } catch {
    return last || field;
  }
}

/** The body, refused as soon as it passes the field's limit (a declared length is refused unread). */
async function readCapped(
  response: Response,
  kind: AssetKind,
  fail: (why: string) => Error,
): Promise<Buffer> {
  const limit = ASSET_RULES[kind].maxBytes;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw fail(`it is ${(declared / MB).toFixed(1)} MB; the limit is ${limit / MB} MB.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early (the throw) cancels the stream, so the rest is never read.
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) throw fail(`it is over the ${limit / MB} MB limit.`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function fetchOne(
  { field, kind, url: start }: AssetInput,
  timeoutMs: number,
  stop: AbortSignal | undefined,
): Promise<Buffer> {
  const fail = (why: string) => new AssetFetchError(`Could not fetch the ${kind} for “${field}”: ${why}`);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  let url = start;
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal });
    } catch (error) {
      throw fail(networkReason(error, url.host, timeoutMs));
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      if (!location) throw fail(`${url.host} answered HTTP ${response.status} without saying where to.`);
      let target: URL;
      try {
        target = new URL(location, url);
      } catch {
        throw fail(`${url.host} redirects to an address that is not valid.`);
      }
      const next = loopbackUrl(target.href);
      if (!next) {
        throw fail(
          `its link redirects away from this computer (to ${target.host || target.protocol}), which the sandbox does not follow.`,
        );
      }
      if (hop >= MAX_REDIRECTS) throw fail(`its link redirects more than ${MAX_REDIRECTS} times.`);
      url = next;
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      const hint = response.status === 403 || response.status === 401 ? ' (an expired or wrong link?)' : '';
      throw fail(`HTTP ${response.status} from ${url.host}${hint}.`);
    }
    let bytes: Buffer;
    try {
      bytes = await readCapped(response, kind, fail);
    } catch (error) {
      throw error instanceof AssetFetchError ? error : fail(networkReason(error, url.host, timeoutMs));
    }
    const problem = contentProblem(kind, fileName(url, field), bytes.subarray(0, SNIFF_BYTES));
    if (problem) throw fail(problem);
    return bytes;
  }
}

/**
 * Fetches the job's inputs on this computer one after another (in the order of its values, so the error
 * names the first that fails); throws AssetFetchError with the job's `output.error` on the first failure.
 */
export async function fetchLoopbackAssets(
  values: Record<string, unknown> | null | undefined,
  options: FetchOptions = {},
): Promise<FetchedAssets> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  let photo: Buffer | null = null;
  let fetched = 0;
  for (const input of loopbackInputs(values)) {
    const bytes = await fetchOne(input, timeoutMs, options.signal);
    fetched += 1;
    if (input.kind === 'image') photo ??= bytes;
  }
  return { photo, fetched };
}
