// Session- and app-wide defences: every permission refused, the CSP header on the renderer's responses, and
// no navigation, webviews or new windows from any web contents, whoever created it.
import type { App, Session } from 'electron';
import { rendererCsp } from './content-security-policy';
import { isRendererResource, type RendererLocation } from './renderer-location';

/** Writing text to the clipboard (the Copy buttons); reading it stays refused. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** The app needs no camera, microphone, geolocation, notifications from the page, …: all are refused. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission)),
  );
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}

/**
 * Sends the CSP as a header on the dev server's responses (the built bundle gets it from
 * renderer-protocol.ts); the identical meta tag in src/index.html applies as well.
 */
export function sendRendererCsp(session: Session, renderer: RendererLocation): void {
  if (renderer.kind !== 'dev-server') return;
  const policy = rendererCsp({ dev: true });
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isRendererResource(renderer, details.url)) {
      callback({});
      return;
    }
    // Electronegativity can only evaluate a CSP written as a string literal here. This one is built by
    // content-security-policy.ts (unit-tested: no unsafe-inline or unsafe-eval) and is the same policy as
    // the meta tag in src/index.html, which the scan does evaluate.
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] }, // eng-disable CSP_GLOBAL_CHECK
    });
  });
}

/** Applies to every web contents the app ever creates, so that a forgotten window cannot navigate away. */
export function lockDownWebContents(app: App): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
