// Which page is "ours": the dev server only in an unpackaged app, else exactly the built index.html; and
// the CSP that main sends with it.
import { describe, expect, it } from 'vitest';
import { rendererCsp } from '../../electron/main/content-security-policy';
import { isRendererPage, isRendererResource, rendererLocation } from '../../electron/main/renderer-location';

const mainDir = '/app/out/main';

describe('rendererLocation', () => {
  it('uses the built file in a packaged app, even when ELECTRON_RENDERER_URL is set', () => {
    const location = rendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173', mainDir });
    expect(location).toMatchObject({ kind: 'file', url: 'file:///app/out/renderer/index.html' });
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
    expect(isRendererPage(file, 'file:///app/out/renderer/index.html')).toBe(true);
    expect(isRendererPage(file, 'file:///app/out/renderer/index.html#/jobs')).toBe(true);
    expect(isRendererPage(file, 'file:///app/out/renderer/other.html')).toBe(false);
    expect(isRendererPage(file, 'file:///app/out/renderer/index.html?x=1')).toBe(false);
    expect(isRendererPage(file, 'file:///tmp/index.html')).toBe(false);
    expect(isRendererPage(file, 'about:blank')).toBe(false);
    expect(isRendererPage(file, '')).toBe(false);
  });

  it('matches the dev server by origin', () => {
    expect(isRendererPage(dev, 'http://localhost:5173/')).toBe(true);
    expect(isRendererPage(dev, 'http://localhost:5174/')).toBe(false);
    expect(isRendererPage(dev, 'http://127.0.0.1:5173/')).toBe(false);
  });

  it('scopes resources to the renderer folder or the dev server', () => {
    expect(isRendererResource(file, 'file:///app/out/renderer/assets/index.js')).toBe(true);
    expect(isRendererResource(file, 'file:///app/out/rendererx/index.html')).toBe(false);
    expect(isRendererResource(file, 'http://127.0.0.1:8787/cdn/a.png')).toBe(false);
    expect(isRendererResource(dev, 'http://localhost:5173/src/main.tsx')).toBe(true);
    expect(isRendererResource(dev, 'http://127.0.0.1:8787/auth/credits')).toBe(false);
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

  it('lets the dev server’s hot reload connect, and nothing else changes', () => {
    const policy = rendererCsp({ dev: true });
    expect(policy).toContain("connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    expect(policy.replace(/connect-src [^;]*/, '')).toBe(
      rendererCsp({ dev: false }).replace(/connect-src [^;]*/, ''),
    );
  });
});
