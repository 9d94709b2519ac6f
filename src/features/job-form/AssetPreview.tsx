// What an image or audio field holds: the picture, or a player for the clip.
import type { AssetKind } from '../../../electron/shared/domain/asset';

interface AssetPreviewProps {
  kind: AssetKind;
  src: string;
  label: string;
}

export function AssetPreview({ kind, src, label }: AssetPreviewProps): React.JSX.Element {
  return kind === 'image' ? (
    <img className="asset-preview-image" src={src} alt={`Preview of ${label}`} />
  ) : (
    <audio
      className="asset-preview-audio"
      controls
      src={src}
      aria-label={`Play ${label}`}
      preload="metadata"
    />
  );
}
