// The built renderer, served: only regular files inside its folder, found once at start without following
// any link (a link in out/renderer could point anywhere, and a dangling one must not stop the host), and
// opened as regular-file does (no link, no pipe) in case something else was put there since.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { contentTypeOfExtension } from '../shared/domain/media-types';
import { openRegularFile, sendRegularFile } from './regular-file';

/** The types of what a Vite build writes; media fall back to the output kinds' table. */
const PAGE_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

function typeOf(path: string): string {
  const extension = extname(path).toLowerCase();
  return PAGE_TYPES[extension] ?? contentTypeOfExtension(extension) ?? 'application/octet-stream';
}

/** Each regular file under `dir` by its URL path (`/assets/app.js`); links and other kinds are left out. */
async function regularFiles(dir: string, prefix = '', found = new Map<string, string>()) {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // Dirent describes the entry itself: a link is a link here, never what it points to.
    if (entry.isDirectory()) await regularFiles(path, `${prefix}/${entry.name}`, found);
    else if (entry.isFile()) found.set(`${prefix}/${entry.name}`, path);
  }
  return found;
}

export type StaticHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Serves the renderer folder; an unknown path without an extension is the app (index.html). */
export async function serveRendererFiles(dir: string): Promise<StaticHandler> {
  const files = await regularFiles(dir);
  return async (request, response) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    } catch {
      pathname = '';
    }
    const wanted =
      files.get(pathname) ?? (pathname === '/' || !extname(pathname) ? files.get('/index.html') : undefined);
    const file = wanted ? await openRegularFile(wanted) : 'missing';
    if (!wanted || typeof file === 'string') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found.\n');
      return;
    }
    response.writeHead(200, {
      'Content-Type': typeOf(wanted),
      'Content-Length': file.size,
      // The page itself is never cached (it names this build's files); the files it names are.
      'Cache-Control': wanted.endsWith('.html') ? 'no-store' : 'no-cache',
    });
    if (request.method === 'HEAD') {
      await file.handle.close();
      response.end();
      return;
    }
    sendRegularFile(file, response);
  };
}
