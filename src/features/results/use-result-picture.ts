// The picture on a result's card, asked of core only once the card comes near the screen: the PNG core
// made (or had cached) as a blob: URL, revoked when the card goes; without ffmpeg or pdftoppm, the saved
// file itself for an image or a video (a video element with preload=metadata shows the first frame), and
// for a PDF nothing (the card shows its icon).
import { useEffect, useState, type RefObject } from 'react';
import { PICTURED_KINDS, type ThumbnailFallback } from '../../../electron/shared/domain/result';
import { api, call, failureMessage } from '../../lib/api';
import type { ResultItem } from './result-items';
import { resultFileUrl } from './results-actions';

export type ResultPicture =
  | { state: 'waiting' }
  | { state: 'picture'; src: string }
  /** The saved file shown as it is (no tool here to make a picture). */
  | { state: 'file'; src: string; reason: ThumbnailFallback }
  | { state: 'none'; message: string | null };

/** The longest side core makes: twice the card's width, sharp on a high-density screen. */
const SIZE = 320;

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** True once the element has come within a screen of the viewport (it stays true). */
export function useSeen(ref: RefObject<Element | null>): boolean {
  // Where nothing can tell (no IntersectionObserver), every card counts as seen.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

export function useResultPicture(item: ResultItem, seen: boolean): ResultPicture {
  const { jobId, path, kind } = item;
  const key = `${jobId}\n${path}`;
  const [answer, setAnswer] = useState<{ key: string; picture: ResultPicture } | null>(null);
  const pictured = PICTURED_KINDS.includes(kind);

  useEffect(() => {
    if (!seen || !pictured) return;
    let current = true;
    let objectUrl: string | null = null;
    const settle = (picture: ResultPicture) => {
      if (current) setAnswer({ key, picture });
    };
    void (async () => {
      try {
        const thumbnail = await call(() => api().results.thumbnail({ jobId, size: SIZE }));
        if (!current) return;
        if (thumbnail.kind === 'picture') {
          objectUrl = URL.createObjectURL(
            new Blob([bytesOf(thumbnail.base64)], { type: thumbnail.mimeType }),
          );
          settle({ state: 'picture', src: objectUrl });
          return;
        }
        // An image or a video the page can show itself; a PDF it cannot.
        const url = kind === 'pdf' ? null : await resultFileUrl(jobId).catch(() => null);
        settle(
          url
            ? { state: 'file', src: url, reason: thumbnail.reason }
            : { state: 'none', message: thumbnail.reason === 'failed' ? thumbnail.message : null },
        );
      } catch (error) {
        settle({ state: 'none', message: failureMessage(error) });
      }
    })();
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [seen, pictured, jobId, kind, key]);

  if (!pictured) return { state: 'none', message: null };
  return answer?.key === key ? answer.picture : { state: 'waiting' };
}
