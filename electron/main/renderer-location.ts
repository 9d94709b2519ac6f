// Where the renderer page comes from (the Vite dev server, or the built bundle served on app://renderer/)
// and whether a URL is it. Window loading, the IPC sender check, the CSP and the app: protocol handler all
// ask here; no electron import, so it is unit-tested.
import { isAbsolute, join, relative, resolve } from 'node:path';

/** The built renderer is served on its own privileged scheme rather than file:, as Electron advises. */
export const BUNDLE_SCHEME = 'app';
export const BUNDLE_HOST = 'renderer';

export type RendererLocation =
  { kind: 'dev-server'; url: string; origin: string } | { kind: 'bundle'; dir: string; url: string };

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
  return {
    kind: 'bundle',
    dir: resolve(join(options.mainDir, '../renderer')),
    url: `${BUNDLE_SCHEME}://${BUNDLE_HOST}/index.html`,
  };
}

function isBundleUrl(url: URL): boolean {
  return url.protocol === `${BUNDLE_SCHEME}:` && url.host === BUNDLE_HOST;
}

/**
 * The file of the bundle an app://renderer/ URL names, or null: other hosts, undecodable paths and
 * anything that would leave the bundle's folder (`..`, encoded or not) are refused.
 */
export function bundleFileOf(
  location: Extract<RendererLocation, { kind: 'bundle' }>,
  candidate: string,
): string | null {
  const url = parse(candidate);
  if (!url || !isBundleUrl(url)) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const file = resolve(location.dir, `.${path === '/' ? '/index.html' : path}`);
  const inside = relative(location.dir, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return file;
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
  // Only the page itself may call IPC; the hash may differ (routing), nothing else.
  return isBundleUrl(url) && url.pathname === '/index.html' && url.search === '';
}

/** Whether `candidate` is one of the renderer's own resources (the responses that get our CSP header). */
export function isRendererResource(location: RendererLocation, candidate: string): boolean {
  const url = parse(candidate);
  if (!url) return false;
  if (location.kind === 'dev-server') return url.origin === location.origin;
  return isBundleUrl(url);
}
