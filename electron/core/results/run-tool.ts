// Runs ffmpeg or pdftoppm for a thumbnail: a child process (so the work is off the app's thread) started
// with an argument array (never a shell), with a time limit and a cap on what it may print, a few at once.
import { execFile } from 'node:child_process';

/** How a tool run ended when it gave no picture. */
export type ToolFailure = 'missing' | 'timeout' | 'failed';

export class ToolError extends Error {
  constructor(
    readonly failure: ToolFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

export interface ToolRun {
  command: string;
  args: readonly string[];
  timeoutMs: number;
  /** Stdout beyond this is a failure (a thumbnail is a few hundred kB at most). */
  maxBytes: number;
}

/** Runs the tool and resolves with its stdout; rejects with a ToolError saying how it failed. */
export type RunTool = (run: ToolRun) => Promise<Buffer>;

export const runTool: RunTool = ({ command, args, timeoutMs, maxBytes }) =>
  new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      {
        encoding: 'buffer',
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: maxBytes,
        windowsHide: true,
        // Little of the app's own environment: the PATH, and HOME for fontconfig's cache (pdftoppm's fonts).
        // Windows needs its system variables to start a program at all.
        env:
          process.platform === 'win32'
            ? process.env
            : { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LANG: 'C' },
      },
      (error, stdout) => {
        if (!error) {
          resolve(stdout);
          return;
        }
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') reject(new ToolError('missing', `${command} is not installed.`));
        else if ((error as { killed?: boolean }).killed)
          reject(new ToolError('timeout', `${command} took longer than ${Math.round(timeoutMs / 1000)} s.`));
        else reject(new ToolError('failed', `${command} could not read the file.`));
      },
    );
  });

/** At most `limit` tasks at once; the others wait their turn in order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((turn) => this.waiting.push(turn));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
