// The short words a drop zone uses for each kind of asset: what it takes and up to what size.
import { ASSET_RULES, type AssetKind } from '../../../electron/shared/domain/asset';

export function acceptedFormats(kind: AssetKind): string {
  const names = ASSET_RULES[kind].extensions
    .filter((ext) => ext !== '.jpeg')
    .map((ext) => ext.slice(1).toUpperCase());
  const list = `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
  return `${list}, up to ${ASSET_RULES[kind].maxBytes / 1048576} MB`;
}

export function assetNoun(kind: AssetKind): string {
  return kind === 'image' ? 'an image' : 'an audio file';
}

/** The `accept` attribute of the file picker. */
export function acceptAttribute(kind: AssetKind): string {
  return [...ASSET_RULES[kind].mimeTypes, ...ASSET_RULES[kind].extensions].join(',');
}
