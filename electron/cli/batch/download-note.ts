// Where `jrs batch` will save its files, said as the run starts: without --download the account's automatic
// download saves every file by itself (e.g. ~/Downloads/<project>/…), which a person would not guess.
import type { DownloadSettings } from '../../shared/domain/download';

export interface DownloadChoice {
  /** --download DIR (resolved), false for --no-download, undefined for neither. */
  folder: string | false | undefined;
  /** The batch's own naming template (--name, or the resumed batch's), if it has one. */
  batchTemplate: string | null;
  /** The account's download settings, as this run sees them. */
  settings: DownloadSettings;
  /** Another program does this history's background work (its downloads too, by its own settings). */
  guest: boolean;
}

export function downloadNote({ folder, batchTemplate, settings, guest }: DownloadChoice): string {
  const template = batchTemplate ?? settings.template;
  if (folder === false && guest)
    return (
      'This run saves no file (--no-download), but the program working on this history (the desktop app, ' +
      'or another jrs) may save them, by the account’s automatic download.'
    );
  if (folder === false)
    return 'Files will not be saved (--no-download); the jobs are still sent and followed.';
  if (folder) return `Files will be saved in ${folder}, named ${template}.`;
  if (!settings.auto)
    return 'Files will not be saved (the account’s automatic download is off); add --download DIR to save them.';
  return (
    `Files will be saved in ${settings.folder}, named ${template} (the account’s automatic download); ` +
    'add --download DIR for another folder, or --no-download to save nothing.'
  );
}
