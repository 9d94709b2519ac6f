// The few pages the host writes itself (outside the app's bundle): the step after a sign-in link, and the
// answer to a link that was used or is too old. Plain, light and dark, with their one style allowed by its
// hash in their own CSP (the app's CSP allows no inline style).
import { createHash } from 'node:crypto';

const STYLE = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Ubuntu,sans-serif;
--bg:#f4f5f8;--surface:#fff;--text:#181b22;--muted:#535b69;--border:#dde1e8;--accent:#4338ca}
@media (prefers-color-scheme:dark){:root{--bg:#0e1015;--surface:#161920;--text:#e8eaf0;--muted:#a4acba;--border:#2a2f3a;--accent:#a5b4fc}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text)}
main{max-width:34rem;margin:1.5rem;padding:2rem;background:var(--surface);border:1px solid var(--border);border-radius:12px}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;color:var(--muted)}
code,kbd{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.95em;color:var(--text)}
kbd{padding:0 .3em;border:1px solid var(--border);border-radius:4px}a{color:var(--accent)}
a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The CSP of the host's own pages: nothing but their inline style. */
export const HOST_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<title>${escapeHtml(title)} · Job Rendering Studio</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const HOW_TO_GET_ONE =
  '<p>To get a new one, run <code>jrs serve</code> (or <code>npm start</code>) again, or press <kbd>Enter</kbd> in the terminal where the app is running: it opens or prints a fresh link.</p>';

/** After a good sign-in link: on to the app, handing the page its session in the address's fragment. */
export function signedInPage(session: string): string {
  const target = `/#session=${encodeURIComponent(session)}`;
  return page(
    'Signing in…',
    `<p>Opening the app. If nothing happens, <a href="${target}">continue to the app</a>.</p>`,
    `<meta http-equiv="refresh" content="0;url=${target}">`,
  );
}

/** A sign-in link that cannot be used (again). */
export function linkRefusedPage(why: 'used' | 'expired' | 'unknown'): string {
  const text: Record<typeof why, readonly [string, string]> = {
    used: [
      'This sign-in link was used already',
      'Each link the app opens or prints works once, so that nobody else can reuse it.',
    ],
    expired: [
      'This sign-in link has expired',
      'A sign-in link works for about a minute after the app makes it.',
    ],
    unknown: [
      'This sign-in link is not this app’s',
      'It may be from an earlier run of the app, or mistyped.',
    ],
  };
  const [title, reason] = text[why];
  return page(title, `<p>${reason}</p>${HOW_TO_GET_ONE}`);
}
