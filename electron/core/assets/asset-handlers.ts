// The IPC handlers of the assets domain: whether the active account takes uploads, and the upload.
import type { Handlers } from '../../shared/ipc/contract';
import type { Connections } from '../accounts/connections';

export function assetHandlers(
  connections: Connections,
): Pick<Handlers, 'assets:capability' | 'assets:upload'> {
  return {
    'assets:capability': async () => (await connections.active()).uploader.capability(),
    'assets:upload': async (asset) => (await connections.active()).uploader.upload(asset),
  };
}
