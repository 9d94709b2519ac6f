// Runs a bench script in a child Node process (through tsx) and parses the JSON it prints: the child's
// sockets, memory and event loop stay out of this process's measurements.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

export async function runChild<T>(script: string, args: readonly string[]): Promise<T> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', resolve(__dirname, script), ...args],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as T;
}
