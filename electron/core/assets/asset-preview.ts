// Fetches a job's image or audio for the drawer's preview, only from the job's own account where that
// account is on this computer (the built-in sandbox, a local sandbox account): the page's CSP loads nothing
// from http://127.0.0.1, so that no other local server is reachable from it, and core must not become
// that way round either. Within the field's size limit, of a checked type, never following a redirect.
import { ASSET_RULES, type AssetKind, type AssetPreview } from '../../shared/domain/asset';
import { SNIFF_BYTES, sniffFormat } from '../../shared/domain/asset-content';
import { isLoopbackHost } from '../../shared/domain/urls';
import { AppError } from '../kernel/app-error';
import { assetOf } from '../../shared/domain/asset-value';

const MB = 1024 * 1024;
const TIMEOUT_MS = 30_000;

/** Where a value of a job can be previewed from: its address and what the field takes. */
export interface PreviewTarget {
  kind: AssetKind;
  url: string;
}

/** The image or audio address a job's value names (`{ image_url }` / `{ audio_url }`), else null. */
export function previewTargetOf(value: unknown): PreviewTarget | null {
  return assetOf(value);
}

const refused = (why: string) => new AppError('invalid-input', why);

function parsedOrNull(address: string | null): URL | null {
  if (!address) return null;
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/**
 * The address, parsed, when core may fetch it for this account: the account's own base URL is on this
 * computer and the address has exactly its origin (scheme, host and port) and carries no user name.
 * Anything else is refused in words before a byte is sent.
 */
export function allowedPreviewUrl(address: string, accountBaseUrl: string | null): URL {
  const shownAsIs = 'Its preview is shown by its address only.';
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw refused(`This value's address is not a web address. ${shownAsIs}`);
  }
  const base = parsedOrNull(accountBaseUrl);
  const local = base !== null && base.protocol === 'http:' && isLoopbackHost(base.hostname);
  if (!base || !local || url.origin !== base.origin || url.username || url.password) {
    throw refused(
      `This file's address is not on this job's own account on this computer, so the app does not fetch it. ${shownAsIs}`,
    );
  }
  return url;
}

/** The body, refused as soon as it passes `limit` (a declared length over it is refused unread). */
export async function readWithin(response: Response, limit: number, kind: AssetKind): Promise<Buffer> {
  const over = (size: string) =>
    refused(`This ${kind} is ${size}; the limit is ${limit / MB} MB, so it is not previewed.`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw over(`${(declared / MB).toFixed(1)} MB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop by the throw cancels the stream: nothing past the limit is read.
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) throw over(`over ${limit / MB} MB`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** The declared type when it is image/* or audio/* as the field wants and the first bytes agree. */
function checkedType(response: Response, kind: AssetKind, bytes: Buffer): string {
  const declared = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const format = sniffFormat(bytes.subarray(0, SNIFF_BYTES));
  const typeOk = new RegExp(`^${kind}/[\\w.+-]+$`).test(declared);
  if (!typeOk || format?.kind !== kind) {
    throw refused(
      `This file is not ${kind === 'image' ? 'an image' : 'an audio file'} the app can show (its type says ${declared || 'nothing'}), so it is not previewed.`,
    );
  }
  return declared;
}

/** Fetches `target` for a job of the account at `accountBaseUrl`; see allowedPreviewUrl for the rule. */
export async function fetchPreview(
  target: PreviewTarget,
  accountBaseUrl: string | null,
  options: { timeoutMs?: number } = {},
): Promise<AssetPreview> {
  const url = allowedPreviewUrl(target.url, accountBaseUrl);
  let response: Response;
  try {
    // No redirect is followed: it could lead anywhere. The key is never sent (the links are signed).
    response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
  } catch {
    throw new AppError('network', `The ${kind(target)} could not be fetched from ${url.host}. Try again.`);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    const hint = response.status === 403 || response.status === 401 ? ' (its link may have expired)' : '';
    throw new AppError(
      'not-found',
      `The ${kind(target)} could not be previewed: ${url.host} answered HTTP ${response.status}${hint}.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readWithin(response, ASSET_RULES[target.kind].maxBytes, target.kind);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('network', `The ${kind(target)} broke off while it was fetched. Try again.`);
  }
  const mimeType = checkedType(response, target.kind, bytes);
  return { mimeType, base64: bytes.toString('base64') };
}

function kind(target: PreviewTarget): string {
  return target.kind === 'image' ? 'image' : 'audio';
}
