// How many of an account's downloads run at once. The person's setting is how many bodies share the link;
// but a download also spends time with no body flowing (its link signed, the request answered, the file
// synced and named), and while it waits the link is idle. By Little's law the link stays as busy as the
// setting asks when there are setting × (whole time ÷ time receiving) downloads at once: the setting for
// large files, more for small files behind a slow answer (500 outputs of 1 MB from a CDN answering after
// 20 ms). The ratio is learned from the downloads that finished, never below the setting, never above a
// ceiling that keeps sockets and open files few.
const MAX_AT_ONCE = 16;
/** Weight of the latest finished download in the running average. */
const WEIGHT = 0.25;
/** A body that took no measurable time counts as this long (a clock's tick). */
const MIN_BODY_MS = 1;

export class DownloadSlots {
  /** The running average of whole time ÷ body time; 1 until a download finishes. */
  private ratio = 1;

  /** A download finished: its whole time, and the time from its answer's headers to its end. */
  finished(totalMs: number, bodyMs: number): void {
    if (!(totalMs >= 0) || !(bodyMs >= 0)) return;
    const ratio = Math.max(1, totalMs / Math.max(MIN_BODY_MS, bodyMs));
    this.ratio += WEIGHT * (ratio - this.ratio);
  }

  /** Downloads at once for this setting. */
  limit(setting: number): number {
    return Math.max(setting, Math.min(MAX_AT_ONCE, Math.round(setting * this.ratio)));
  }
}
