// Where the renderer page comes from (the Vite dev server or the built file) and whether a URL is it.
// Window loading, the IPC sender check and the CSP header all ask here; no electron import, so it is unit-tested.
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type RendererLocation =
  | { kind: 'dev-server'; url: string; origin: string }
  | { kind: 'file'; path: string; url: string; folderUrl: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The dev server is trusted only in an unpackaged app: a packaged app ignores ELECTRON_RENDERER_URL, so an
 * environment variable cannot point the trusted window (and its IPC) at another page.
 */
export function rendererLocation(options: {
  isPackaged: boolean;
  devServerUrl: string | undefined;
  mainDir: string;
}): RendererLocation {
  if (!options.isPackaged && options.devServerUrl) {
    const url = new URL(options.devServerUrl);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new Error(`ELECTRON_RENDERER_URL must be a loopback http(s) URL, not ${url.origin}.`);
    }
    return { kind: 'dev-server', url: url.href, origin: url.origin };
  }
  const path = join(options.mainDir, '../renderer/index.html');
  return {
    kind: 'file',
    path,
    url: pathToFileURL(path).href,
    folderUrl: `${pathToFileURL(dirname(path)).href}/`,
  };
}

function parse(candidate: string): URL | null {
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

/** Whether `candidate` is the renderer's page itself (the frame allowed to call IPC). */
export function isRendererPage(location: RendererLocation, candidate: string): boolean {
  const url = parse(candidate);
  if (!url) return false;
  if (location.kind === 'dev-server') return url.origin === location.origin;
  // A file: URL has an opaque origin, so the page is matched exactly; only the hash may differ (routing).
  url.hash = '';
  return url.search === '' && url.href === location.url;
}

/** Whether `candidate` is one of the renderer's own resources (the responses that get our CSP header). */
export function isRendererResource(location: RendererLocation, candidate: string): boolean {
  const url = parse(candidate);
  if (!url) return false;
  if (location.kind === 'dev-server') return url.origin === location.origin;
  return url.href.startsWith(location.folderUrl);
}
