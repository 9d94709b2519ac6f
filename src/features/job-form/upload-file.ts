// Checks a dropped file (its name, type and size; its first bytes; then a real decode), then uploads it
// through main and returns its URL with what the decode found (dimensions or duration).
import { assetProblem, type AssetKind } from '../../../electron/shared/domain/asset';
import { SNIFF_BYTES, contentProblem } from '../../../electron/shared/domain/asset-content';
import { AppFailure, api, call } from '../../lib/api';
import { decodeAsset, type DecodedAsset } from './decode-asset';

export async function uploadFile(
  kind: AssetKind,
  file: File,
): Promise<{ url: string; decoded: DecodedAsset }> {
  const problem = assetProblem(kind, file);
  if (problem) throw new AppFailure('invalid-input', problem);
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const content = contentProblem(kind, file.name, head);
  if (content) throw new AppFailure('invalid-input', content);
  const decoded = await decodeAsset(kind, file);
  if ('problem' in decoded) throw new AppFailure('invalid-input', decoded.problem);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { url } = await call(() =>
    api().assets.upload({ kind, name: file.name, mimeType: file.type, bytes }),
  );
  return { url, decoded };
}
