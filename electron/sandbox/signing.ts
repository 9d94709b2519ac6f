// HMAC-signed, expiring CDN links: a signature binds the account, the storage key and the expiry time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedParts {
  accountId: string;
  key: string;
  expiresAt: number;
}

function signature(secret: string, parts: SignedParts): string {
  return createHmac('sha256', secret)
    .update(`${parts.accountId}\n${parts.key}\n${parts.expiresAt}`)
    .digest('hex');
}

/** The path of a storage key under /cdn, each segment percent-encoded. */
export function cdnPathOf(key: string): string {
  return `/cdn/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function signUrl(origin: string, secret: string, parts: SignedParts): string {
  const query = new URLSearchParams({
    acct: parts.accountId,
    expires: String(parts.expiresAt),
    sig: signature(secret, parts),
  });
  return `${origin}${cdnPathOf(parts.key)}?${query.toString()}`;
}

export type SignatureCheck = { ok: true; accountId: string } | { ok: false; reason: string };

/** Checks a request's query against the decoded key; tampering with any part or expiry fails it. */
export function verifySignature(
  secret: string,
  key: string,
  query: Record<string, unknown>,
  now: number,
): SignatureCheck {
  const { acct, expires, sig } = query;
  if (typeof acct !== 'string' || typeof expires !== 'string' || typeof sig !== 'string') {
    return { ok: false, reason: 'The link is not signed.' };
  }
  const expiresAt = Number(expires);
  if (!/^\d+$/.test(expires) || !Number.isSafeInteger(expiresAt)) {
    return { ok: false, reason: 'The link is not signed.' };
  }
  const expected = Buffer.from(signature(secret, { accountId: acct, key, expiresAt }), 'hex');
  const given = Buffer.from(sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'The link signature is not valid.' };
  }
  if (now > expiresAt) return { ok: false, reason: 'The link has expired. Ask for a new signed URL.' };
  return { ok: true, accountId: acct };
}
