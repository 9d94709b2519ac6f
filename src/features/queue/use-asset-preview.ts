// Where the drawer loads a job's image or audio from. An https address is loaded as it is (the CSP allows
// https:); a file on this computer (the built-in sandbox's uploads) is not reachable from the page (the CSP
// loads no http://127.0.0.1), so core fetches it from the job's own account (`assets:preview`) and the
// page shows the bytes as a blob: URL, revoked when the value leaves the screen (the drawer closes).
import { useEffect, useState } from 'react';
import { isLoopbackHost } from '../../../electron/shared/domain/urls';
import { api, call } from '../../lib/api';

export type AssetSource =
  { state: 'loading' } | { state: 'ready'; src: string } | { state: 'unavailable'; reason?: string };

function parsed(address: string): URL | null {
  try {
    return new URL(address.trim());
  } catch {
    return null;
  }
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** The source of job `jobId`'s value `field` at `address`; null when it is no web address at all. */
export function useAssetSource(jobId: string, field: string, address: string): AssetSource | null {
  const url = parsed(address);
  const local = url?.protocol === 'http:' && isLoopbackHost(url.hostname);
  const key = `${jobId}\n${field}\n${address}`;
  const [answer, setAnswer] = useState<{ key: string; source: AssetSource } | null>(null);

  useEffect(() => {
    if (!local) return;
    let current = true;
    let objectUrl: string | null = null;
    call(() => api().assets.preview({ jobId, field })).then(
      (preview) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(new Blob([bytesOf(preview.base64)], { type: preview.mimeType }));
        setAnswer({ key, source: { state: 'ready', src: objectUrl } });
      },
      (error: unknown) => {
        if (!current) return;
        const reason = error instanceof Error ? error.message : undefined;
        setAnswer({ key, source: { state: 'unavailable', reason } });
      },
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [local, jobId, field, key]);

  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.protocol === 'https:') return { state: 'ready', src: address.trim() };
  // Plain http anywhere else is never loaded (the app takes http only for this computer).
  if (!local) return { state: 'unavailable' };
  return answer?.key === key ? answer.source : { state: 'loading' };
}
