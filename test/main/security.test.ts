// lockDownWebContents: every web contents the app creates refuses navigation, webviews and window.open,
// with fakes standing in for Electron's app and WebContents.
import type { App } from 'electron';
import { describe, expect, it } from 'vitest';
import { denyAllPermissions, lockDownWebContents } from '../../electron/main/security';
import { FakeApp } from './fake-web-contents';

function lockedDownApp(): FakeApp {
  const app = new FakeApp();
  lockDownWebContents(app as unknown as App);
  return app;
}

const ELSEWHERE = [
  'https://evil.example/phish',
  'http://127.0.0.1:8080/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  // Even the renderer's own page: the app is a single page and never navigates.
  'app://renderer/index.html',
];

describe('lockDownWebContents', () => {
  it('the fakes allow what nothing refuses (so the tests below can fail)', () => {
    const contents = new FakeApp().createWebContents();
    expect(contents.wouldAllow('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.windowOpenAction('https://evil.example/')).toBe('allow');
  });

  it.each(ELSEWHERE)('refuses navigation to %s', (url) => {
    const contents = lockedDownApp().createWebContents();
    expect(contents.wouldAllow('will-navigate', url)).toBe(false);
  });

  it.each(ELSEWHERE)('refuses window.open(%s)', (url) => {
    const contents = lockedDownApp().createWebContents();
    expect(contents.windowOpenAction(url)).toBe('deny');
  });

  it.each(['default', 'foreground-tab', 'background-tab', 'new-window', 'other'] as const)(
    'refuses a new window of disposition %s (middle-click, shift-click, target=_blank)',
    (disposition) => {
      const contents = lockedDownApp().createWebContents();
      expect(contents.windowOpenAction('https://example.com/', disposition)).toBe('deny');
    },
  );

  it('refuses to attach a webview', () => {
    const contents = lockedDownApp().createWebContents();
    expect(contents.wouldAllow('will-attach-webview', {}, { src: 'https://evil.example/' })).toBe(false);
  });

  it('locks down every web contents, not only the first', () => {
    const app = lockedDownApp();
    const all = [app.createWebContents(), app.createWebContents(), app.createWebContents()];
    for (const contents of all) {
      expect(contents.wouldAllow('will-navigate', 'https://evil.example/')).toBe(false);
      expect(contents.windowOpenAction('https://evil.example/')).toBe('deny');
    }
  });
});

describe('denyAllPermissions', () => {
  it('refuses every permission but writing to the clipboard (the Copy buttons)', () => {
    let request:
      ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
    let check: ((contents: unknown, permission: string) => boolean) | null = null;
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    };
    denyAllPermissions(session as never);
    const granted = (permission: string) => {
      let answer: boolean | null = null;
      request!(null, permission, (value) => (answer = value));
      return answer;
    };
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
    ]) {
      expect(granted(permission)).toBe(false);
      expect(check!(null, permission)).toBe(false);
    }
    expect(granted('clipboard-sanitized-write')).toBe(true);
    expect(check!(null, 'clipboard-sanitized-write')).toBe(true);
  });
});
