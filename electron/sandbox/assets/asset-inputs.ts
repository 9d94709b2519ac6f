// Which of a job's values are files on this computer that the worker fetches: `{image_url}` and
// `{audio_url, effects}` objects whose address is loopback. Everything else is left alone.
import type { AssetKind } from '../../shared/domain/asset';

export interface AssetInput {
  /** The value's name in the job, as its `output.error` says it. */
  field: string;
  kind: AssetKind;
  url: URL;
}

/**
 * An http(s) address that can only reach this computer: `localhost` or a literal 127.x.x.x or ::1. Not
 * `*.localhost` (which the app's own rule allows): some resolvers send those names to DNS, and the
 * sandbox must never reach out.
 */
export function loopbackUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  const loopback = host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  return loopback ? url : null;
}

/** The job's inputs on this computer, in the order of its values (so the first failure is stable). */
export function loopbackInputs(values: Record<string, unknown> | null | undefined): AssetInput[] {
  const inputs: AssetInput[] = [];
  for (const [field, value] of Object.entries(values ?? {})) {
    if (!value || typeof value !== 'object') continue;
    const asset = value as { image_url?: unknown; audio_url?: unknown };
    const [kind, text]: [AssetKind | null, unknown] =
      typeof asset.image_url === 'string'
        ? ['image', asset.image_url]
        : typeof asset.audio_url === 'string'
          ? ['audio', asset.audio_url]
          : [null, null];
    const url = kind && typeof text === 'string' ? loopbackUrl(text) : null;
    if (kind && url) inputs.push({ field, kind, url });
  }
  return inputs;
}
