// Checks a dropped file against the asset rules, then uploads it through main and returns its URL.
import { assetProblem, type AssetKind } from '../../../electron/shared/domain/asset';
import { AppFailure, api, call } from '../../lib/api';

export async function uploadFile(kind: AssetKind, file: File): Promise<string> {
  const problem = assetProblem(kind, file);
  if (problem) throw new AppFailure('invalid-input', problem);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { url } = await call(() =>
    api().assets.upload({ kind, name: file.name, mimeType: file.type, bytes }),
  );
  return url;
}
