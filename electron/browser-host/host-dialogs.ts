// A browser cannot show the computer's file dialogs, so the host answers them honestly: an export is
// saved in the account's download folder (the Downloads folder when none is given) under a name not yet taken (the page then says where), and the folder
// picker is absent, so Settings asks for the folder's path to be typed. The name is made safe and cut to
// what the disk takes (a batch named in Chinese is three bytes a character); a name at which anything is,
// even a link leading nowhere, is taken. A Downloads folder that is missing is made by the save itself
// (write-file-atomically.ts), owner-only.
import { join } from 'node:path';
import type { Dialogs } from '../core/kernel/ports';
import { nodeDownloadFs } from '../core/downloads/download-fs';
import { freeName } from '../core/downloads/download-file';
import { safeSegment } from '../core/downloads/safe-path';

export function hostDialogs(downloadsFolder: string): Dialogs {
  return {
    async chooseSaveFile({ defaultName, defaultFolder }) {
      const path = join(defaultFolder ?? downloadsFolder, safeSegment(defaultName, 'export'));
      // The downloader's own rule for a name that is taken: `name (2).ext`, `name (3).ext`…
      return (await nodeDownloadFs.entry(path)) === null ? path : freeName(nodeDownloadFs, path);
    },
  };
}
