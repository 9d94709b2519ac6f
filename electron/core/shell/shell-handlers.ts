// The IPC handlers of the shell domain: links opened in the browser, through main's checked opener.
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../app/app-error';

export function shellHandlers(
  openExternal: ((url: string) => Promise<void>) | undefined,
): Pick<Handlers, 'shell:openExternal'> {
  return {
    'shell:openExternal': async ({ url }) => {
      if (!openExternal) throw new AppError('internal', 'Links cannot be opened here.');
      await openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK: main's openExternal checks the URL (https only) first
    },
  };
}
