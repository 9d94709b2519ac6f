// The IPC handlers of the assets domain: whether the active account takes uploads, and the upload.
import type { Handlers } from '../../shared/ipc/contract';
import type { AssetUploader } from './asset-uploader';

/** `uploader` answers the active account's uploader, as its asset storage settings say. */
export function assetHandlers(
  uploader: () => Promise<AssetUploader>,
): Pick<Handlers, 'assets:capability' | 'assets:upload'> {
  return {
    'assets:capability': async () => (await uploader()).capability(),
    'assets:upload': async (asset) => (await uploader()).upload(asset),
  };
}
