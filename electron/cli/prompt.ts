// Reading what the person types: a whole piped stdin (an API key from a secret manager), one line (a
// yes/no question), or a key typed on a terminal without echo.
import type { CliInStream, CliOutStream } from './cli-io';
import { Interrupted } from './cli-error';

const CTRL_C = '\u0003';
const BACKSPACES = new Set(['\u007f', '\b']);

/** Everything piped into stdin, as text. */
export async function readAll(stdin: CliInStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return text;
}

/** The first line of stdin (without its end); null when stdin ends first with nothing. */
export async function readLine(stdin: CliInStream): Promise<string | null> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    const end = text.search(/\r?\n/);
    if (end >= 0) return text.slice(0, end);
  }
  return text === '' ? null : text;
}

/** Asks a yes/no question on stderr; only "y" or "yes" is a yes (the default is no: credits are spent). */
export async function confirm(question: string, stdin: CliInStream, stderr: CliOutStream): Promise<boolean> {
  stderr.write(`${question} [y/N] `);
  const answer = await readLine(stdin);
  // A terminal echoes the answer and its Enter; a pipe does not, so the next line would follow the question.
  if (!stdin.isTTY) stderr.write(`${answer ?? ''}\n`);
  return /^\s*y(es)?\s*$/i.test(answer ?? '');
}

/** A line typed on the terminal without showing it (the API key): raw mode, no echo. */
export function readHidden(prompt: string, stdin: CliInStream, stderr: CliOutStream): Promise<string> {
  if (!stdin.setRawMode || !stdin.on || !stdin.off) return readLine(stdin).then((line) => line ?? '');
  const { on, off } = { on: stdin.on.bind(stdin), off: stdin.off.bind(stdin) };
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume?.();
  return new Promise<string>((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause?.();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (char === CTRL_C) return done(new Interrupted());
        if (char === '\r' || char === '\n') return done();
        if (BACKSPACES.has(char)) typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    on('data', onData);
  });
}
