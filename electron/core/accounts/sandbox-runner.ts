// The in-process sandbox behind the built-in demo account: started on first use, at most once, and
// stopped when that account is removed or the app quits. Its key is made by the launcher for this run
// and held here, in memory: the account needs nothing from the keychain, so it works on any computer.
import { join } from 'node:path';

/**
 * Starts the built-in sandbox (main imports the sandbox; core may not). It makes the demo account's key for
 * this run itself and answers it: the key is never asked of, or kept in, the keychain.
 */
export interface SandboxLauncher {
  start(options: { dataDir: string }): Promise<{ url: string; apiKey: string; close(): Promise<void> }>;
}

interface Running {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

export class SandboxRunner {
  private running: Promise<Running> | null = null;
  private startedUrl: string | null = null;

  constructor(
    private readonly launcher: SandboxLauncher,
    private readonly dataDir: string,
  ) {}

  /** Its address once started, for the account's view. */
  get url(): string | null {
    return this.startedUrl;
  }

  /** Starts it (once) and answers its address and this run's key. */
  async start(): Promise<{ url: string; apiKey: string }> {
    this.running ??= this.launcher.start({ dataDir: join(this.dataDir, 'sandbox') });
    try {
      const { url, apiKey } = await this.running;
      this.startedUrl = url;
      return { url, apiKey };
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
