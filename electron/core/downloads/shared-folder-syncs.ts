// Folder syncs shared between the files placed in one folder at about the same time (a group commit): a
// caller is answered by a sync that began after it asked, so the name it made is durable when it returns,
// and 500 small files saved together cost a few dozen folder syncs, not 500.

interface FolderState {
  /** The sync under way, or null. */
  running: Promise<void> | null;
  /** The sync that begins once the running one ends: everyone who asked meanwhile waits on it. */
  waiting: Promise<void> | null;
}

const ignore = () => undefined;

export class SharedFolderSyncs {
  private readonly folders = new Map<string, FolderState>();

  constructor(private readonly syncOnce: (folder: string) => Promise<void>) {}

  sync(folder: string): Promise<void> {
    let state = this.folders.get(folder);
    if (!state) {
      state = { running: null, waiting: null };
      this.folders.set(folder, state);
    }
    const running = state.running;
    if (!running) return this.begin(folder, state);
    // The running sync may have begun before this caller's name was made: it waits for the next one.
    if (state.waiting) return state.waiting;
    const current = state;
    const waiting = running.then(ignore, ignore).then(() => {
      current.waiting = null;
      return this.begin(folder, current);
    });
    current.waiting = waiting;
    return waiting;
  }

  private begin(folder: string, state: FolderState): Promise<void> {
    const running: Promise<void> = this.syncOnce(folder).finally(() => {
      if (state.running !== running) return;
      state.running = null;
      if (!state.waiting) this.folders.delete(folder);
    });
    state.running = running;
    return running;
  }
}
