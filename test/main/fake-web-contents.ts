// A stand-in for Electron's WebContents (and the app that announces new ones), enough to see whether main
// refuses navigation, webviews and new windows: Electron itself cannot be launched in these tests.
import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';

type Listener = (event: FakeEvent, ...args: unknown[]) => void;

export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeWebContents {
  private readonly listeners = new Map<string, Listener[]>();
  windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;

  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler;
  }

  /**
   * Emits as Electron would before acting, and answers whether Electron would go ahead: true unless a
   * listener called preventDefault (with no listener at all, Electron navigates).
   */
  wouldAllow(name: string, ...args: unknown[]): boolean {
    const event = new FakeEvent();
    for (const listener of this.listeners.get(name) ?? []) listener(event, ...args);
    return !event.defaultPrevented;
  }

  /** What Electron would do with window.open(url): without a handler, it opens the window. */
  windowOpenAction(url: string, disposition: HandlerDetails['disposition'] = 'new-window'): string {
    if (!this.windowOpenHandler) return 'allow';
    return this.windowOpenHandler({
      url,
      frameName: '',
      features: '',
      disposition,
      referrer: { url: '', policy: 'strict-origin-when-cross-origin' },
    }).action;
  }
}

/** The app's 'web-contents-created' event, which security.ts listens to. */
export class FakeApp {
  private readonly created: ((event: FakeEvent, contents: FakeWebContents) => void)[] = [];

  on(name: string, listener: (event: FakeEvent, contents: FakeWebContents) => void): this {
    if (name === 'web-contents-created') this.created.push(listener);
    return this;
  }

  createWebContents(): FakeWebContents {
    const contents = new FakeWebContents();
    for (const listener of this.created) listener(new FakeEvent(), contents);
    return contents;
  }
}
