// Reads the feed's channel file over HTTP: one GET with a timeout (on the injected timers) and a small body
// cap; every way it can fail (unreachable, slow, an HTTP error, too large, malformed) is an AppError in words.
import { BodyTooLargeError, readBodyCapped } from '../api/read-body';
import { AppError } from '../kernel/app-error';
import type { Timers } from '../kernel/ports';
import { parseChannelFile, type ChannelFile } from './channel-file';
import type { UpdateFeed } from './feed-config';

/** A channel file is a few hundred bytes; anything near this is not one. */
const MAX_CHANNEL_FILE_BYTES = 256 * 1024;
export const FEED_TIMEOUT_MS = 30_000;

export interface FeedReaderOptions {
  fetch: typeof fetch;
  timers: Timers;
  timeoutMs?: number;
}

/** The address of the channel file, for messages: host and port only. */
function hostOf(url: string): string {
  return new URL(url).host;
}

export async function readChannelFile(feed: UpdateFeed, options: FeedReaderOptions): Promise<ChannelFile> {
  const url = new URL(feed.channelFile, feed.baseUrl).toString();
  const host = hostOf(url);
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const timer = options.timers.setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      // No cache: a proxy's stale copy would hide a release for a day.
      response = await options.fetch(url, {
        signal: controller.signal,
        headers: { 'cache-control': 'no-cache' },
        redirect: 'follow',
      });
    } catch {
      throw controller.signal.aborted ? slow(host, timeoutMs) : unreachable(host);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new AppError(
        response.status === 404 ? 'not-found' : 'server',
        `The update feed at ${host} answered HTTP ${response.status} for ${feed.channelFile}: the release may not be published there yet. The app tries again later.`,
      );
    }
    let body: Uint8Array;
    try {
      body = await readBodyCapped(response, MAX_CHANNEL_FILE_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw new AppError(
          'invalid-response',
          `The update feed’s ${feed.channelFile} is far too large to be an update description. The app tries again later.`,
        );
      throw controller.signal.aborted ? slow(host, timeoutMs) : unreachable(host);
    }
    return parseChannelFile(new TextDecoder().decode(body), feed.channelFile);
  } finally {
    options.timers.clearTimeout(timer);
  }
}

function unreachable(host: string): AppError {
  return new AppError(
    'network',
    `The update feed at ${host} could not be reached. Check the internet connection; the app tries again later.`,
  );
}

function slow(host: string, timeoutMs: number): AppError {
  return new AppError(
    'timeout',
    `The update feed at ${host} did not answer within ${Math.round(timeoutMs / 1000)} seconds. The app tries again later.`,
  );
}
