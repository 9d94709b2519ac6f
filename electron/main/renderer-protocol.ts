// Serves the built renderer on app://renderer/ (registered as a standard, secure scheme before the app is
// ready), each response carrying the CSP header. file: pages would need the extra privileges that the
// grantFileProtocolExtraPrivileges fuse removes, and would share an origin with every local file.
import { pathToFileURL } from 'node:url';
import { net, protocol, type Session } from 'electron';
import { rendererCsp } from './content-security-policy';
import { DOWNLOAD_SCHEME } from './local-file-url';
import { BUNDLE_SCHEME, bundleFileOf, type RendererLocation } from './renderer-location';

/**
 * Must run before `app` is ready, once for all schemes (a second call replaces the first): the bundle's,
 * and the downloaded files' (local-file-url.ts), which streams media for the drawer's preview.
 */
export function registerAppSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: BUNDLE_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
    { scheme: DOWNLOAD_SCHEME, privileges: { standard: true, secure: true, stream: true } },
  ]);
}

export function serveBundle(session: Session, renderer: Extract<RendererLocation, { kind: 'bundle' }>): void {
  const policy = rendererCsp({ dev: false });
  session.protocol.handle(BUNDLE_SCHEME, async (request) => {
    const file = bundleFileOf(renderer, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).href);
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', policy); // eng-disable CSP_GLOBAL_CHECK: built and unit-tested in content-security-policy.ts
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
