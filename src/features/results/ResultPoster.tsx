// The top of a result's card: the picture core made (an image scaled down, a video's first frame, a PDF's
// first page), or, without the tools, the file itself (image, or a video showing its first frame); audio
// and other files show their kind's icon.
import { useRef } from 'react';
import type { ResultItem } from './result-items';
import { kindWord } from './result-items';
import { useResultPicture, useSeen } from './use-result-picture';

function altOf(item: ResultItem): string {
  if (item.kind === 'video') return `First frame of ${item.fileName}`;
  if (item.kind === 'pdf') return `First page of ${item.fileName}`;
  return item.fileName;
}

export function ResultPoster({ item }: { item: ResultItem }): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeen(ref);
  const picture = useResultPicture(item, seen);
  return (
    <div ref={ref} className={`result-poster kind-${item.kind}`} data-picture={picture.state}>
      {picture.state === 'picture' ? (
        <img className="result-image" src={picture.src} alt={altOf(item)} draggable={false} />
      ) : picture.state === 'file' && item.kind === 'video' ? (
        <video
          className="result-image"
          src={picture.src}
          preload="metadata"
          muted
          aria-label={altOf(item)}
          // Shown, not played: the card's Open plays it in the system's player.
          tabIndex={-1}
          draggable={false}
        />
      ) : picture.state === 'file' ? (
        <img className="result-image" src={picture.src} alt={altOf(item)} draggable={false} />
      ) : (
        <span className="result-icon" aria-hidden="true">
          <span className="result-icon-glyph" />
          <span className="result-icon-word">{picture.state === 'waiting' ? '' : kindWord(item.kind)}</span>
        </span>
      )}
      {picture.state === 'none' && picture.message ? (
        <span className="result-poster-note">{picture.message}</span>
      ) : null}
    </div>
  );
}
