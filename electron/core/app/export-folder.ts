// Exports (the Queue's jobs, a batch's sheet) are saved where the person keeps the app's files: the save
// dialog starts in the active account's download folder (the browser host saves there), not in Documents or
// ~/Downloads whatever Settings say.
import type { Dialogs } from '../kernel/ports';

/** `dialogs` whose save dialog starts in `folder()` unless the caller named a folder itself. */
export function savingInFolder(
  dialogs: Dialogs | undefined,
  folder: () => Promise<string | null>,
): Dialogs | undefined {
  if (!dialogs) return undefined;
  return {
    ...dialogs,
    async chooseSaveFile(options) {
      const defaultFolder = options.defaultFolder ?? (await folder().catch(() => null)) ?? undefined;
      return dialogs.chooseSaveFile(defaultFolder ? { ...options, defaultFolder } : options);
    },
  };
}
