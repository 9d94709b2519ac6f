// Addresses the page loads a downloaded job's file from (an <img> or <video> src cannot carry the page's
// session): each is signed with a secret of this run (HMAC of the job id and an expiry) and good for a
// while, so only the page that was handed it can load the file, and not for long.
import { createHmac, randomBytes } from 'node:crypto';
import { FILE_ROUTE } from '../shared/ipc/socket-protocol';
import { sameSecret } from './host-auth';

/** A preview address works this long after the page asked for it. */
export const PREVIEW_TTL_MS = 10 * 60_000;

export class PreviewLinks {
  private readonly secret = randomBytes(32);

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = PREVIEW_TTL_MS,
  ) {}

  private signature(jobId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${jobId}\n${expires}`).digest('base64url');
  }

  /** The path (with its expiry and signature) of a job's file, for the page's preview. */
  path(jobId: string): string {
    const expires = this.now() + this.ttlMs;
    const query = new URLSearchParams({ expires: String(expires), sig: this.signature(jobId, expires) });
    return `${FILE_ROUTE}${encodeURIComponent(jobId)}?${query}`;
  }

  /** The job a signed, unexpired preview address names, or null. */
  jobOf(url: URL): string | null {
    if (!url.pathname.startsWith(FILE_ROUTE)) return null;
    let jobId: string;
    try {
      jobId = decodeURIComponent(url.pathname.slice(FILE_ROUTE.length));
    } catch {
      return null;
    }
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    if (!jobId || !Number.isSafeInteger(expires) || this.now() > expires) return null;
    return sameSecret(sig, this.signature(jobId, expires)) ? jobId : null;
  }
}
