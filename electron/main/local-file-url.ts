// Downloaded files for the drawer's preview, on jrs-file://download/<job id>. The page names a job, never a
// path: core looks the file up and checks it (a finished download, inside its folder), and only that file
// is streamed. The CSP lets images and media (nothing else) load from this scheme.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Session } from 'electron';

export const DOWNLOAD_SCHEME = 'jrs-file';
const HOST = 'download';

export function downloadPreviewUrl(jobId: string): string {
  return `${DOWNLOAD_SCHEME}://${HOST}/${encodeURIComponent(jobId)}`;
}

/** The job id a preview address names, or null for any other address. */
export function jobIdOfPreviewUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== `${DOWNLOAD_SCHEME}:` || url.host !== HOST) return null;
  try {
    const id = decodeURIComponent(url.pathname.slice(1));
    return id && !id.includes('/') ? id : null;
  } catch {
    return null;
  }
}

export function serveDownloads(session: Session, fileOf: (jobId: string) => Promise<string | null>): void {
  session.protocol.handle(DOWNLOAD_SCHEME, async (request) => {
    const jobId = jobIdOfPreviewUrl(request.url);
    const path = jobId ? await fileOf(jobId) : null;
    if (!path) return new Response('Not found', { status: 404 });
    const { size } = await stat(path);
    const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      status: 200,
      headers: { 'Content-Length': String(size), 'X-Content-Type-Options': 'nosniff' },
    });
  });
}
