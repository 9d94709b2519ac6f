// The worker's look at the files a job names: an `image_url` or `audio_url` on this computer (the
// sandbox's own uploads, a loopback S3 server) is fetched before the job can succeed, as the real service
// fetches its inputs, so that an expired or wrong link fails the job visibly. Redirects are followed only
// while they stay on this computer; any other address is left alone (the sandbox never reaches out).
import { ASSET_RULES, type AssetKind } from '../../shared/domain/asset';
import { contentProblem, SNIFF_BYTES } from '../../shared/domain/asset-content';
import { isLoopbackHost } from '../../shared/domain/urls';

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

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

function loopbackUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)
      ? url
      : null;
  } catch {
    return null;
  }
}

/** The job's inputs on this computer: [field, kind, url]. */
export function loopbackInputs(values: Record<string, unknown>): [string, AssetKind, URL][] {
  const inputs: [string, AssetKind, URL][] = [];
  for (const [field, value] of Object.entries(values ?? {})) {
    if (!value || typeof value !== 'object') continue;
    const asset = value as { image_url?: unknown; audio_url?: unknown };
    const [kind, text] =
      typeof asset.image_url === 'string'
        ? (['image', asset.image_url] as const)
        : typeof asset.audio_url === 'string'
          ? (['audio', asset.audio_url] as const)
          : [null, null];
    const url = kind && text ? loopbackUrl(text) : null;
    if (kind && url) inputs.push([field, kind, url]);
  }
  return inputs;
}

async function fetchOne(field: string, kind: AssetKind, start: URL): Promise<Buffer> {
  const what = `the ${kind === 'image' ? 'image' : 'audio'} for “${field}”`;
  const fail = (why: string) => new AssetFetchError(`Could not fetch ${what}: ${why}`);
  let url = start;
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw fail(`${url.host} did not answer.`);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const next = loopbackUrl(new URL(response.headers.get('location') ?? '', url).href);
      if (!next) throw fail(`its link redirects away from this computer, which the sandbox does not follow.`);
      if (hop >= MAX_REDIRECTS) throw fail('too many redirects.');
      url = next;
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw fail(
        `HTTP ${response.status} from ${url.host}${response.status === 403 || response.status === 401 ? ' (an expired or wrong link?)' : ''}.`,
      );
    }
    const limit = ASSET_RULES[kind].maxBytes;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > limit) {
      await response.body?.cancel();
      throw fail(`it is ${(declared / 1048576).toFixed(1)} MB; the limit is ${limit / 1048576} MB.`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > limit) throw fail(`it is over the ${limit / 1048576} MB limit.`);
      chunks.push(Buffer.from(chunk));
    }
    const bytes = Buffer.concat(chunks);
    const name = decodeURIComponent(url.pathname.split('/').pop() ?? '') || field;
    const problem = contentProblem(kind, name, bytes.subarray(0, SNIFF_BYTES));
    if (problem) throw fail(problem);
    return bytes;
  }
}

export async function fetchLoopbackAssets(values: Record<string, unknown>): Promise<FetchedAssets> {
  const inputs = loopbackInputs(values);
  const fetched = await Promise.all(inputs.map(([field, kind, url]) => fetchOne(field, kind, url)));
  const photoIndex = inputs.findIndex(([, kind]) => kind === 'image');
  return { photo: photoIndex === -1 ? null : (fetched[photoIndex] ?? null), fetched: fetched.length };
}
