// The sandbox as a child process (`tsx electron/sandbox/cli.ts`), so that its CPU and memory are not
// counted as the client's: start it with a seed file and fault flags, read its URL, stop it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface SandboxProcess {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

const ROOT = resolve(__dirname, '../../..');
const READY = /Sandbox listening on (http:\/\/\S+)/;

export function startSandboxProcess(
  seedPath: string,
  flags: readonly string[] = [],
): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', '--seed', seedPath, ...flags],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  return new Promise((resolveStart, rejectStart) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (!match?.[1]) return;
      child.stdout?.off('data', onData);
      // Keep draining its output so that a full pipe never blocks the sandbox.
      child.stdout?.resume();
      const url = match[1];
      resolveStart({
        url,
        port: Number(new URL(url).port),
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      rejectStart(new Error(`the sandbox exited (${code}) before listening: ${errors.trim()}`)),
    );
  });
}
