// The renderer's Content-Security-Policy, sent as a response header by main (renderer-protocol.ts for the
// bundle, security.ts for the dev server). It matches the meta tag in src/index.html.
const BASE_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // No 'unsafe-inline' and no 'unsafe-eval': the only scripts are the bundle's own files.
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // What the page loads: its own files and the browser host's signed previews ('self'), dropped files
  // (blob:), the service's files (https:), and in Electron downloaded files for the drawer's preview
  // (jrs-file:, local-file-url.ts). No other server on this computer: nothing is loaded from
  // http://127.0.0.1; the built-in sandbox's own http files reach the page through core as blob: URLs
  // (assets:preview, asset-preview.ts), which fetches only from the job's own account.
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'jrs-file:'],
  'media-src': ["'self'", 'blob:', 'https:', 'jrs-file:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * In development Vite's hot reload talks over a WebSocket to the dev server and injects CSS as <style>
 * elements, so connect-src and style-src allow those there. Scripts are never relaxed.
 */
export function rendererCsp(options: { dev: boolean }): string {
  const directives = { ...BASE_DIRECTIVES };
  if (options.dev) {
    directives['connect-src'] = ["'self'", 'ws://localhost:*', 'ws://127.0.0.1:*'];
    directives['style-src'] = ["'self'", "'unsafe-inline'"];
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
