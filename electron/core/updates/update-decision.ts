// The decision, apart from any timer or download: whether the feed offers something newer than what runs,
// and whether a look at the feed is due now.
import { gt, valid } from 'semver';
import type { UpdatePhase } from '../../shared/domain/updates';

/** How often the app looks while it runs (besides at start): every day. */
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

/** The feed's version when it is newer than the running one (by semver, prereleases ranking below their release). */
export function newerVersion(feedVersion: string, currentVersion: string): string | null {
  if (!valid(feedVersion) || !valid(currentVersion)) return null;
  return gt(feedVersion, currentVersion) ? feedVersion : null;
}

export interface DueInput {
  enabled: boolean;
  phase: UpdatePhase;
  /** When the last look ended well (up to date, or an update downloaded); null before the first. */
  lastGoodMs: number | null;
  now: number;
}

/**
 * Whether the timer's tick should look at the feed: never when the person turned it off, never while a look or
 * a download runs or an update waits for its restart, at once after a failure (the tick is the retry), and
 * otherwise a day after the last good look.
 */
export function isCheckDue(input: DueInput): boolean {
  if (!input.enabled) return false;
  if (input.phase === 'checking' || input.phase === 'downloading' || input.phase === 'ready') return false;
  if (input.phase === 'failed' || input.lastGoodMs === null) return true;
  return input.now - input.lastGoodMs >= CHECK_EVERY_MS;
}
