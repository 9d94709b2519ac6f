// The active account's downloads as the core changes them: read once, then kept from downloads:changed
// events, for commands that wait until their files are saved.
import type { DownloadView } from '../shared/domain/download';
import type { PayloadOf } from '../shared/ipc/contract';
import type { CoreSession } from './core-session';
import { nextChange } from './guest-look';
import { Wakeup } from './wakeup';

/** Nothing more will happen to the download by itself. */
export function downloadSettled(download: DownloadView | undefined): boolean {
  return download?.state === 'done' || download?.state === 'failed' || download?.state === 'paused';
}

export class DownloadWatch {
  private readonly byJob = new Map<string, DownloadView>();
  private readonly wakeup = new Wakeup();
  private readonly unsubscribe: () => void;

  private constructor(private readonly session: CoreSession) {
    this.unsubscribe = session.onEvent((event, payload) => {
      if (event !== 'downloads:changed') return;
      const changed = payload as PayloadOf<'downloads:changed'>;
      for (const download of changed.downloads) this.byJob.set(download.jobId, download);
      for (const id of changed.removed) this.byJob.delete(id);
      this.wakeup.poke();
    });
  }

  static async start(session: CoreSession): Promise<DownloadWatch> {
    const watch = new DownloadWatch(session);
    await watch.refresh();
    return watch;
  }

  /** Reads every download afresh (after starting some: their old states no longer hold). */
  async refresh(): Promise<void> {
    for (const download of await this.session.call('downloads:list'))
      this.byJob.set(download.jobId, download);
  }

  get(jobId: string): DownloadView | undefined {
    return this.byJob.get(jobId);
  }

  changed(signal?: AbortSignal): Promise<void> {
    return nextChange(this.session, this.wakeup, () => this.refresh(), signal);
  }

  stop(): void {
    this.unsubscribe();
  }
}
