// The in-process sandbox behind the built-in demo account: started on first use, at most once, and
// stopped when that account is removed or the app quits.
import { join } from 'node:path';
import type { SandboxLauncher } from '../app/app-core.types';

export class SandboxRunner {
  private running: Promise<{ url: string; close(): Promise<void> }> | null = null;
  private startedUrl: string | null = null;

  constructor(
    private readonly launcher: SandboxLauncher,
    private readonly dataDir: string,
  ) {}

  /** Its address once started, for the account's view. */
  get url(): string | null {
    return this.startedUrl;
  }

  async start(apiKey: string): Promise<string> {
    this.running ??= this.launcher.start({ apiKey, dataDir: join(this.dataDir, 'sandbox') });
    try {
      const { url } = await this.running;
      this.startedUrl = url;
      return url;
    } catch (error) {
      this.running = null;
      throw error;
    }
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = null;
    this.startedUrl = null;
    if (running) await (await running.catch(() => null))?.close();
  }
}
