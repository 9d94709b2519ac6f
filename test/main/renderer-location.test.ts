// Which page is "ours": the dev server only in an unpackaged app, else exactly the built index.html; and
// the CSP that main sends with it.
import { describe, expect, it } from 'vitest';
import { rendererCsp } from '../../electron/main/content-security-policy';
import {
  bundleFileOf,
  isRendererPage,
  isRendererResource,
  rendererLocation,
} from '../../electron/main/renderer-location';

const mainDir = '/app/out/main';

describe('rendererLocation', () => {
  it('uses the built bundle on app://renderer in a packaged app, even when ELECTRON_RENDERER_URL is set', () => {
    const location = rendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173', mainDir });
    expect(location).toEqual({ kind: 'bundle', dir: '/app/out/renderer', url: 'app://renderer/index.html' });
  });

  it('uses the dev server in an unpackaged app', () => {
    const location = rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173/', mainDir });
    expect(location).toMatchObject({ kind: 'dev-server', origin: 'http://localhost:5173' });
  });

  it.each(['https://evil.example:5173', 'file:///tmp/index.html', 'not a url'])(
    'refuses a dev server URL that is not loopback http(s): %s',
    (devServerUrl) => {
      expect(() => rendererLocation({ isPackaged: false, devServerUrl, mainDir })).toThrow();
    },
  );
});

describe('isRendererPage', () => {
  const file = rendererLocation({ isPackaged: true, devServerUrl: undefined, mainDir });
  const dev = rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173', mainDir });

  it('matches the built page exactly, hash aside', () => {
    expect(isRendererPage(file, 'app://renderer/index.html')).toBe(true);
    expect(isRendererPage(file, 'app://renderer/index.html#/jobs')).toBe(true);
    expect(isRendererPage(file, 'app://renderer/other.html')).toBe(false);
    expect(isRendererPage(file, 'app://renderer/index.html?x=1')).toBe(false);
    expect(isRendererPage(file, 'app://other/index.html')).toBe(false);
    expect(isRendererPage(file, 'file:///app/out/renderer/index.html')).toBe(false);
    expect(isRendererPage(file, 'about:blank')).toBe(false);
    expect(isRendererPage(file, '')).toBe(false);
  });

  it('matches the dev server by origin', () => {
    expect(isRendererPage(dev, 'http://localhost:5173/')).toBe(true);
    expect(isRendererPage(dev, 'http://localhost:5174/')).toBe(false);
    expect(isRendererPage(dev, 'http://127.0.0.1:5173/')).toBe(false);
  });

  it('scopes resources to the renderer folder or the dev server', () => {
    expect(isRendererResource(file, 'app://renderer/assets/index.js')).toBe(true);
    expect(isRendererResource(file, 'file:///app/out/renderer/index.html')).toBe(false);
    expect(isRendererResource(file, 'http://127.0.0.1:8787/cdn/a.png')).toBe(false);
    expect(isRendererResource(dev, 'http://localhost:5173/src/main.tsx')).toBe(true);
    expect(isRendererResource(dev, 'http://127.0.0.1:8787/auth/credits')).toBe(false);
  });
});

describe('bundleFileOf', () => {
  const bundle = rendererLocation({ isPackaged: true, devServerUrl: undefined, mainDir });
  if (bundle.kind !== 'bundle') throw new Error('expected the bundle');

  it.each([
    ['app://renderer/', '/app/out/renderer/index.html'],
    ['app://renderer/index.html', '/app/out/renderer/index.html'],
    ['app://renderer/assets/index-abc.js?v=1', '/app/out/renderer/assets/index-abc.js'],
    ['app://renderer/assets/a%20b.css', '/app/out/renderer/assets/a b.css'],
  ])('maps %s to %s', (url, file) => {
    expect(bundleFileOf(bundle, url)).toBe(file);
  });

  it.each(['app://renderer/../main/index.js', 'app://renderer/%2e%2e/main/index.js'])(
    'keeps %s inside the bundle (the URL parser already removed the dot segments)',
    (url) => {
      expect(bundleFileOf(bundle, url)).toBe('/app/out/renderer/main/index.js');
    },
  );

  it.each([
    'app://renderer/assets/..%2f..%2fmain%2findex.js',
    'app://renderer/..%5c..%5cmain%5cindex.js',
    'app://renderer/%E0%A4%A',
    'app://renderer/a%00b',
    'app://other/index.html',
    'file:///app/out/renderer/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(bundleFileOf(bundle, url)).toBeNull();
  });
});

describe('rendererCsp', () => {
  it('allows only the app’s own scripts, never inline or eval', () => {
    const policy = rendererCsp({ dev: false });
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    expect(policy).not.toContain('ws:');
  });

  it('lets the dev server’s hot reload connect and inject CSS, and never relaxes scripts', () => {
    const policy = rendererCsp({ dev: true });
    expect(policy).toContain("connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-eval');
    const strip = (text: string) => text.replace(/(connect|style)-src [^;]*/g, '');
    expect(strip(policy)).toBe(strip(rendererCsp({ dev: false })));
  });
});
