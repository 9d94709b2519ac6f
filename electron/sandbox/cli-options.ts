// The sandbox's command-line flags, read into startSandbox's options: shared by `npm run sandbox` (cli.ts)
// and the app's own command line (`jrs sandbox`), so both take the same flags and say the same things.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSeedFile } from './seed';
import type { FaultSettings, SandboxOptions } from './types';

/** The flags, under the command that runs them (e.g. `npm run sandbox --` or `jrs sandbox`). */
export function sandboxUsage(command: string): string {
  return `Usage: ${command} [options]

  --port N                    port on 127.0.0.1 (0 picks a free one; default 8787)
  --seed FILE                 seed JSON (default resources/sandbox-seed.json)
  --data-dir DIR              keep jobs, balances and files in DIR/sandbox.sqlite (default: in memory)
  --latency MS                add MS milliseconds to every response
  --error-rate R              answer a share R (0-1) of API requests with 500/503
  --rate-limit-rate R         answer a share R (0-1) of API requests with 429
  --retry-after S             Retry-After seconds on 429 answers (default 1)
  --reset-rate R              reset the connection mid-response for a share R (0-1) of API requests
  --cdn-cut-after BYTES       cut CDN downloads short after BYTES bytes
  --cdn-bytes-per-second B    throttle CDN downloads to B bytes per second
  --signed-url-ttl MS         lifetime of signed URLs (default 900000)
  --rate-limit-per-key N      answer 429 (Retry-After) to a key's requests beyond N within any second
  --request-timeout MS        time a client has to send a whole request before 408 (default 30000)
  --verbose                   log every request
  --help                      show this text`;
}

function numberFlag(name: string, text: string | undefined, min: number, max = Infinity): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number from ${min} to ${max}; got "${text}".`);
  }
  return value;
}

function wholeFlag(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number from ${min}; got "${text}".`);
  }
  return value;
}

export type SandboxCli =
  { help: true } | { help: false; verbose: boolean; options: Omit<SandboxOptions, 'log'> & { port: number } };

/**
 * Reads the flags (relative paths from `cwd`); throws an Error whose message says which flag is wrong and
 * why.
 */
export function parseSandboxFlags(args: readonly string[], cwd = process.cwd()): SandboxCli {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      'rate-limit-rate': { type: 'string' },
      'retry-after': { type: 'string' },
      'reset-rate': { type: 'string' },
      'cdn-cut-after': { type: 'string' },
      'cdn-bytes-per-second': { type: 'string' },
      'signed-url-ttl': { type: 'string' },
      'rate-limit-per-key': { type: 'string' },
      'request-timeout': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return { help: true };
  const faults: Partial<FaultSettings> = {};
  const set = <K extends keyof FaultSettings>(key: K, value: FaultSettings[K] | undefined) => {
    if (value !== undefined) faults[key] = value;
  };
  set('latencyMs', numberFlag('latency', values.latency, 0, 600_000));
  set('errorRate', numberFlag('error-rate', values['error-rate'], 0, 1));
  set('rateLimitRate', numberFlag('rate-limit-rate', values['rate-limit-rate'], 0, 1));
  set('retryAfterSeconds', numberFlag('retry-after', values['retry-after'], 0, 86_400));
  set('resetRate', numberFlag('reset-rate', values['reset-rate'], 0, 1));
  set('cdnCutAfterBytes', numberFlag('cdn-cut-after', values['cdn-cut-after'], 0));
  set('cdnBytesPerSecond', numberFlag('cdn-bytes-per-second', values['cdn-bytes-per-second'], 1));
  set('signedUrlTtlMs', numberFlag('signed-url-ttl', values['signed-url-ttl'], 0));
  set('perKeyRateLimit', wholeFlag('rate-limit-per-key', values['rate-limit-per-key'], 1));
  return {
    help: false,
    verbose: values.verbose ?? false,
    options: {
      port: numberFlag('port', values.port, 0, 65_535) ?? 8787,
      seed: values.seed ? loadSeedFile(resolve(cwd, values.seed)) : undefined,
      dataDir: values['data-dir'] ? resolve(cwd, values['data-dir']) : null,
      faults,
      requestTimeoutMs: wholeFlag('request-timeout', values['request-timeout'], 1),
    },
  };
}
