// When the desktop app looks for updates and what it offers: a look at start and then whenever the hourly
// tick finds one due (a day after the last good look, at once after a failure), never two at once, never when
// the person turned it off (Check now still looks); a newer version is downloaded in the background and then
// waits for the person's Restart now. All time comes from the injected clock and timers.
import type { UpdatePhase, UpdateStatus } from '../../shared/domain/updates';
import { AppError } from '../kernel/app-error';
import type { Clock, TimerHandle, Timers } from '../kernel/ports';
import { errorSentence } from '../kernel/error-words';
import { readChannelFile } from './feed-reader';
import { isCheckDue, newerVersion } from './update-decision';
import type { InstallerEvent, UpdatesHost } from './updates-host';
import type { UpdateFeed } from './feed-config';

/** How often the timer asks whether a look is due; a failed look is retried at the next one. */
export const TICK_MS = 60 * 60 * 1000;
/** The look at start waits this long, so that the window and the sandbox come first. */
export const START_DELAY_MS = 5_000;
/**
 * A download that reports nothing (no progress, no end) for this long has stalled: it is said as failed, so
 * the next tick looks and downloads again, instead of "downloading" for ever.
 */
export const STALL_MS = 30 * 60 * 1000;

export interface SwitchStore {
  enabled(): boolean;
  setEnabled(enabled: boolean): Promise<void>;
}

export interface UpdateControllerOptions {
  host: UpdatesHost & { feed: UpdateFeed };
  settings: SwitchStore;
  clock: Clock;
  timers: Timers;
  emit(status: UpdateStatus): void;
  log?: (line: string) => void;
  tickMs?: number;
  startDelayMs?: number;
  feedTimeoutMs?: number;
  stallMs?: number;
}

type Mutable = Pick<UpdateStatus, 'phase' | 'version' | 'percent' | 'error'>;

export class UpdateController {
  private state: Mutable = { phase: 'idle', version: null, percent: null, error: null };
  private checkedMs: number | null = null;
  private lastGoodMs: number | null = null;
  private looking: Promise<void> | null = null;
  /** When the download under way last reported (its start, or its last progress). */
  private lastHeardMs: number | null = null;
  private timer: TimerHandle | null = null;
  private disposed = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: UpdateControllerOptions) {
    this.unsubscribe = options.host.installer.onEvent((event) => this.heard(event));
    options.host.installer.setInstallOnQuit(options.settings.enabled());
  }

  /** Schedules the look at start; the hourly tick follows. */
  start(): void {
    this.schedule(this.options.startDelayMs ?? START_DELAY_MS);
  }

  status(): UpdateStatus {
    return {
      source: 'feed',
      enabled: this.options.settings.enabled(),
      currentVersion: this.options.host.currentVersion,
      checkedMs: this.checkedMs,
      ...this.state,
    };
  }

  /** Keeps the person's choice; turning it on looks at once when a look is due. */
  async setEnabled(enabled: boolean): Promise<UpdateStatus> {
    await this.options.settings.setEnabled(enabled);
    // Off means off: an update downloaded earlier is not installed behind the person's back at quit either.
    this.options.host.installer.setInstallOnQuit(enabled);
    this.options.emit(this.status());
    if (enabled) this.lookIfDue();
    return this.status();
  }

  /** The person's own look (also when automatic looks are off); waits for the look, not for a download. */
  async checkNow(): Promise<UpdateStatus> {
    await this.look();
    return this.status();
  }

  /** Quits and installs, only when an update is ready. */
  restart(): void {
    if (this.state.phase !== 'ready')
      throw new AppError(
        'invalid-input',
        'No update is ready to install yet. Press Check now to look for one.',
      );
    this.options.log?.(`Restarting to install version ${this.state.version}.`);
    this.options.host.installer.restart();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe();
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    if (this.timer) this.options.timers.clearTimeout(this.timer);
    this.timer = this.options.timers.setTimeout(() => this.tick(), ms);
    this.timer.unref?.();
  }

  private tick(): void {
    this.timer = null;
    this.failIfStalled();
    this.lookIfDue();
    this.schedule(this.options.tickMs ?? TICK_MS);
  }

  private failIfStalled(): void {
    if (this.state.phase !== 'downloading' || this.lastHeardMs === null) return;
    const silentMs = this.options.clock.now() - this.lastHeardMs;
    if (silentMs < (this.options.stallMs ?? STALL_MS)) return;
    const minutes = Math.round(silentMs / 60_000);
    this.fail(
      `The download of version ${this.state.version} stopped: nothing arrived for ${minutes} minutes. The app tries again now.`,
    );
  }

  private lookIfDue(): void {
    const due = isCheckDue({
      enabled: this.options.settings.enabled(),
      phase: this.state.phase,
      lastGoodMs: this.lastGoodMs,
      now: this.options.clock.now(),
    });
    if (due) void this.look();
  }

  /** One look at a time: a second asker waits for the look under way. */
  private look(): Promise<void> {
    if (this.looking) return this.looking;
    if (this.state.phase === 'downloading' || this.state.phase === 'ready') return Promise.resolve();
    this.looking = this.lookOnce().finally(() => {
      this.looking = null;
    });
    return this.looking;
  }

  private async lookOnce(): Promise<void> {
    const { host, timers, clock } = this.options;
    this.set({ phase: 'checking', error: null });
    try {
      const file = await readChannelFile(host.feed, {
        fetch: host.fetch ?? fetch,
        timers,
        timeoutMs: this.options.feedTimeoutMs,
      });
      this.checkedMs = clock.now();
      const newer = newerVersion(file.version, host.currentVersion);
      if (!newer) {
        this.lastGoodMs = clock.now();
        this.set({ phase: 'up-to-date', version: null, percent: null });
        return;
      }
      this.options.log?.(`Version ${newer} is on the update feed; downloading it.`);
      this.lastHeardMs = clock.now();
      this.set({ phase: 'downloading', version: newer, percent: 0 });
    } catch (error) {
      this.fail(errorSentence(error));
      return;
    }
    try {
      await host.installer.download();
    } catch (error) {
      this.heard({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  private heard(event: InstallerEvent): void {
    const now = this.options.clock.now();
    switch (event.kind) {
      case 'progress':
        // electron-updater reports many times a second: the page hears each whole percent once.
        if (this.state.phase !== 'downloading') return;
        this.lastHeardMs = now;
        if (Math.floor(event.percent) === Math.floor(this.state.percent ?? -1)) return;
        this.set({ percent: Math.max(0, Math.min(100, event.percent)) });
        return;
      case 'downloaded':
        this.lastGoodMs = now;
        this.set({ phase: 'ready', version: event.version, percent: null, error: null });
        return;
      case 'not-available':
        if (this.state.phase !== 'downloading') return;
        this.lastGoodMs = now;
        this.set({ phase: 'up-to-date', version: null, percent: null });
        return;
      case 'failed':
        if (this.state.phase === 'ready') return;
        this.fail(downloadFailure(this.state.version, event.message));
        return;
    }
  }

  private fail(message: string): void {
    this.options.log?.(`Updates: ${message}`);
    this.set({ phase: 'failed', percent: null, error: message });
  }

  private set(change: Partial<Mutable> & { phase?: UpdatePhase }): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...change };
    this.options.emit(this.status());
  }
}

/** electron-updater's reasons are for developers: the first line, cut short, inside a sentence for people. */
function downloadFailure(version: string | null, message: string): string {
  const first = (message.split('\n')[0] ?? '').trim();
  const reason = first.length > 160 ? `${first.slice(0, 159)}…` : first;
  return `Version ${version ?? 'newer'} could not be downloaded${reason ? ` (${reason})` : ''}. The app tries again later.`;
}
