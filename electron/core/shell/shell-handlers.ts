// The IPC handlers of the shell domain: links opened in the browser, through main's checked opener, and
// what the host can do (a folder picker, dragging files out), so the page offers only that.
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../kernel/app-error';
import type { Dialogs, FileShell, Notifier } from '../kernel/ports';

export function shellHandlers(deps: {
  openExternal: ((url: string) => Promise<void>) | undefined;
  dialogs: Dialogs | undefined;
  fileShell: FileShell | undefined;
  notifier: Notifier;
}): Pick<Handlers, 'shell:openExternal' | 'shell:capabilities'> {
  const { openExternal } = deps;
  return {
    'shell:capabilities': async () => ({
      chooseFolder: deps.dialogs?.chooseFolder !== undefined,
      dragOut: deps.fileShell?.canDragOut ?? false,
      pageNotifications: deps.notifier.viaPage === true,
    }),
    'shell:openExternal': async ({ url }) => {
      if (!openExternal) throw new AppError('internal', 'Links cannot be opened here.');
      await openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK: main's openExternal checks the URL (https only) first
    },
  };
}
